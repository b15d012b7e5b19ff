/**
 * @fileoverview The MCP hosts init wires, one row each: the files or
 * folders that show a repository uses the host, the file its project-level
 * MCP config lives in, and the entry it expects there. Every format was
 * checked against the host's own documentation (cited per row); a host whose
 * config lives only outside the repository gets the entry printed, not
 * written (init writes inside the workspace only), and so does each step
 * that lives outside it (trusting the folder in the user's own settings).
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../../pipeline/index.js';
import { entryCommand, mcpEntry, SERVER_NAME, type Launch } from '../claude-code.js';
import { parseJsonFile } from './json-edit.js';
import { HOST_IDS, type HostId } from './host-ids.js';
import { mergeHostHooks, mergeLocalApproval } from './merge.js';
import { mergeOpencodePlugin, OPENCODE_PLUGIN_PATH } from './opencode-plugin.js';
import { HeldChange, mergeJsonServer, type MergeOptions, type MergeResult } from './server-entry.js';
import { mergeTomlServer } from './toml-edit.js';

/** One file init merges into: its path under the root, why, and the merge. */
export interface HostFile {
  readonly path: string;
  readonly purpose: string;
  readonly merge: (current: string | undefined, options: MergeOptions) => MergeResult;
}

/** A config file outside the repository: where it is and the entry to add to it by hand. */
export interface ManualStep {
  readonly path: string;
  readonly text: string;
}

export interface Host {
  readonly id: HostId;
  readonly name: string;
  /** Paths under the root whose presence shows the repository uses this host (a trailing `/`: a folder). */
  readonly markers: readonly string[];
  /** Whether its agent reads AGENTS.md. */
  readonly readsAgentsMd: boolean;
  /** The files under the root init writes for it. */
  readonly files: (launch: Launch, root: string) => HostFile[];
  /** For a host with no project-level file: the entry to add by hand. */
  readonly manual?: (launch: Launch, root: string) => ManualStep;
  /** The step outside the root (the user's own settings) before the host reads what init wrote. */
  readonly outside?: (root: string) => string;
  /** What to do afterwards so the host starts the server. */
  readonly next: string;
}

/** A host's hooks file: review-guard's hook under each of the host's events (hook/hosts.ts). */
function hooksFile(path: string, hostId: string, launch: Launch, purpose: string): HostFile {
  return { path, purpose, merge: (current) => mergeHostHooks(current, path, hostId, launch) };
}

/** A host file in the `.mcp.json` shape: servers in one top-level object. */
function jsonServers(path: string, purpose: string, key: string, entry: unknown): HostFile {
  return { path, purpose, merge: (current, options) => mergeJsonServer(current, path, [key], entry, options) };
}

const OPENCODE_FILES = ['opencode.jsonc', 'opencode.json', '.opencode/opencode.jsonc', '.opencode/opencode.json'];
const OpencodeSchema = z.looseObject({ mcp: z.looseObject({ servers: z.unknown().optional() }).optional() });

/**
 * opencode's file: the first of its project files that exists, else
 * opencode.json. Its servers sit under `mcp` (the documented shape, which
 * V2 still reads), or under `mcp.servers` in a file already in V2's own shape.
 */
function opencodeFile(launch: Launch, root: string): HostFile {
  const path = OPENCODE_FILES.find((name) => existsSync(join(root, name))) ?? 'opencode.json';
  const { command: program, args } = mcpEntry(launch);
  const command = [program, ...args];
  return {
    path,
    purpose: 'the review-guard MCP server for opencode',
    merge: (current, options) => {
      const servers = parseJsonFile(current, path, OpencodeSchema).mcp?.servers;
      const v2 = typeof servers === 'object' && servers !== null && !Object.hasOwn(servers, 'type');
      return v2
        ? mergeJsonServer(current, path, ['mcp', 'servers'], { type: 'local', command }, options)
        : mergeJsonServer(current, path, ['mcp'], { type: 'local', command, enabled: true }, options, { $schema: 'https://opencode.ai/config.json' });
    },
  };
}

export const HOSTS: readonly Host[] = [
  {
    // https://docs.claude.com/en/docs/claude-code/mcp (project scope: .mcp.json, "mcpServers") and .../hooks (PostToolUse)
    id: 'claude-code',
    name: 'Claude Code',
    markers: ['.claude/', '.mcp.json', 'CLAUDE.md'],
    readsAgentsMd: false,
    // .claude/settings.local.json approves the .mcp.json server (the same key in settings.json is ignored); Claude Code
    // 2.1 reads that approval only in a folder the user trusted, which it records in ~/.claude.json.
    files: (launch) => [
      jsonServers('.mcp.json', 'the review-guard MCP server for Claude Code', 'mcpServers', mcpEntry(launch)),
      hooksFile('.claude/settings.json', 'claude-code', launch, 'the hooks: a review after every edit (PostToolUse), a copy stopped before it is written (PreToolUse)'),
      { path: '.claude/settings.local.json', purpose: 'approves the review-guard server of .mcp.json on this machine (not committed)', merge: mergeLocalApproval },
    ],
    outside: (root) =>
      `trust this folder: run \`claude\` in ${root} once and accept "trust this folder" (Claude Code keeps that in ~/.claude.json, and honors the approval in .claude/settings.local.json only in a trusted folder)`,
    next: 'restart Claude Code',
  },
  {
    // https://cursor.com/docs/mcp: project servers in .cursor/mcp.json under "mcpServers" ({command, args}).
    // https://cursor.com/docs/agent/hooks: .cursor/hooks.json; preToolUse/postToolUse reach the agent (afterFileEdit's output does not).
    id: 'cursor',
    name: 'Cursor',
    markers: ['.cursor/', '.cursorrules'],
    readsAgentsMd: true,
    files: (launch) => [
      jsonServers('.cursor/mcp.json', 'the review-guard MCP server for Cursor', 'mcpServers', mcpEntry(launch)),
      hooksFile('.cursor/hooks.json', 'cursor', launch, 'the hooks: a review after every edit (postToolUse), a copy stopped before it is written (preToolUse)'),
    ],
    outside: () => 'trust this workspace when Cursor asks: it runs project hooks only in a trusted workspace (Cursor Settings → Hooks lists them)',
    next: 'restart Cursor',
  },
  {
    // https://code.visualstudio.com/docs/copilot/reference/mcp-configuration: .vscode/mcp.json, "servers",
    // stdio servers need "type": "stdio"; ${workspaceFolder} is substituted. No working folder is documented,
    // so the entry names the workspace twice: as the root, and as where npx finds the project's copy (--prefix).
    id: 'vscode',
    name: 'VS Code (Copilot)',
    markers: ['.vscode/'],
    readsAgentsMd: true,
    files: (launch) => [
      jsonServers('.vscode/mcp.json', 'the review-guard MCP server for VS Code (Copilot agent mode)', 'servers', {
        type: 'stdio',
        command: launch.command,
        args: [...(launch.kind === 'local' ? ['--prefix', '${workspaceFolder}'] : []), ...launch.args, 'serve', '--root', '${workspaceFolder}'],
      }),
      // Agent hooks (preview): .github/hooks/*.json, read by the local agent of the Copilot extension.
      hooksFile('.github/hooks/review-guard.json', 'vscode', launch, 'the agent hooks: a review after every edit (PostToolUse), a copy stopped before it is written (PreToolUse)'),
    ],
    outside: () => 'trust this workspace when VS Code asks: its agent runs the hooks of .github/hooks only in a trusted workspace (chat.useHooks, on by default)',
    next: 'reload VS Code',
  },
  {
    // https://developers.openai.com/codex/config-basic and /codex/mcp: [mcp_servers.NAME] command, args in
    // ~/.codex/config.toml or a project's .codex/config.toml, which Codex loads for trusted projects only.
    id: 'codex',
    name: 'Codex CLI',
    markers: ['.codex/'],
    readsAgentsMd: true,
    files: (launch) => [
      {
        path: '.codex/config.toml',
        purpose: 'the review-guard MCP server for Codex (read in trusted projects)',
        merge: (current, options) =>
          mergeTomlServer(current, '.codex/config.toml', SERVER_NAME, mcpEntry(launch), 'review-guard: reviews the code agents write (added by review-guard init)', options),
      },
      // Codex 0.171 runs .codex/hooks.json (the Claude shape) in a trusted project, once each hook is trusted too.
      hooksFile('.codex/hooks.json', 'codex', launch, 'the hooks: a review after every apply_patch (PostToolUse), a copy stopped before it is written (PreToolUse)'),
    ],
    // https://developers.openai.com/codex/config-advanced (projects.<path>.trust_level); CODEX_HOME moves ~/.codex.
    // Hook trust is kept per hook in the user's config.toml ([hooks.state."<file>:<event>:<i>:<j>"] trusted_hash), set by Codex's own review.
    outside: (root) =>
      `trust this project: add to ~/.codex/config.toml (or $CODEX_HOME/config.toml):\n      [projects.${JSON.stringify(root)}]\n      trust_level = "trusted"\n` +
      `    then start \`codex\` in ${root} once and trust review-guard's hooks when it says "Hooks need review" (or in /hooks): until then Codex skips them without a word`,
    next: 'restart Codex',
  },
  {
    // https://opencode.ai/docs/mcp-servers: "mcp": {NAME: {"type": "local", "command": [...], "enabled": true}}
    // in opencode.json(c) or .opencode/opencode.json(c); https://opencode.ai/docs/migrate-v1: V2 reads that shape.
    id: 'opencode',
    name: 'opencode',
    markers: ['opencode.json', 'opencode.jsonc', '.opencode/'],
    readsAgentsMd: true,
    // No command hooks: a plugin (opencode-plugin.ts) runs the hook before and after its file tools.
    files: (launch, root) => [
      opencodeFile(launch, root),
      {
        path: OPENCODE_PLUGIN_PATH,
        purpose: 'the edit hooks as an opencode plugin: a review after every edit, a copy stopped before it is written',
        merge: (current, options) => mergeOpencodePlugin(current, launch, options),
      },
    ],
    next: 'restart opencode',
  },
  {
    // https://geminicli.com/docs/tools/mcp-server and /docs/cli/configuration: project settings in
    // .gemini/settings.json, servers under "mcpServers" ({command, args}).
    id: 'gemini',
    name: 'Gemini CLI',
    markers: ['.gemini/', 'GEMINI.md'],
    readsAgentsMd: false,
    // Hooks (bundle/docs/hooks/reference.md of the package): "hooks": {AfterTool|BeforeTool: [{matcher, hooks: [{type, command, timeout ms}]}]},
    // in the same file: one merge writes both, so a held server entry holds the file.
    files: (launch) => [
      {
        path: '.gemini/settings.json',
        purpose: 'the review-guard MCP server and hooks for Gemini CLI (AfterTool: a review after every edit; BeforeTool: a copy stopped before it is written)',
        merge: (current, options) => {
          const withServer = mergeJsonServer(current, '.gemini/settings.json', ['mcpServers'], mcpEntry(launch), options);
          if (withServer instanceof HeldChange) return withServer;
          return mergeHostHooks(withServer ?? current, '.gemini/settings.json', 'gemini', launch) ?? withServer;
        },
      },
    ],
    // Its servers are "Disabled" in a folder the user has not trusted (a map of folders to TRUST_FOLDER / TRUST_PARENT / DO_NOT_TRUST).
    outside: (root) =>
      `trust this folder: run \`gemini\` in ${root} and accept "Trust folder", or add ${JSON.stringify(root)}: "TRUST_FOLDER" to ~/.gemini/trustedFolders.json, or start it with GEMINI_CLI_TRUST_WORKSPACE=true`,
    next: 'restart Gemini CLI',
  },
  {
    // https://docs.windsurf.com/windsurf/cascade/mcp: Cascade reads only the user-wide
    // ~/.codeium/windsurf/mcp_config.json ("mcpServers", {command, args}); no project file is documented.
    id: 'windsurf',
    name: 'Windsurf',
    markers: ['.windsurf/', '.windsurfrules'],
    readsAgentsMd: true,
    files: () => [],
    manual: (launch, root) => {
      // One file serves every workspace, started from no known folder: the entry names this root, and this root's copy.
      const entry = launch.kind === 'local' ? { command: 'node', args: [join(root, 'node_modules', SERVER_NAME, 'dist', 'src', 'cli', 'bin.cjs'), 'serve', '--root', root] } : entryCommand(launch, 'serve', '--root', root);
      return { path: '~/.codeium/windsurf/mcp_config.json', text: JSON.stringify({ mcpServers: { [SERVER_NAME]: entry } }, null, 2) };
    },
    next: 'refresh the MCP servers in Windsurf',
  },
];

/** Claude Code always, the hosts whose markers are in the repository, and those named with --host; in table order. */
export function selectHosts(root: string, named: readonly string[]): Host[] {
  const wanted = new Set<HostId>(['claude-code', ...named.map(hostId)]);
  return HOSTS.filter((host) => wanted.has(host.id) || host.markers.some((marker) => isPresent(root, marker)));
}

function isPresent(root: string, marker: string): boolean {
  if (!marker.endsWith('/')) return existsSync(join(root, marker));
  try {
    return statSync(join(root, marker)).isDirectory();
  } catch {
    return false;
  }
}

const ALIASES: Readonly<Record<string, HostId>> = { claude: 'claude-code', copilot: 'vscode', 'vs-code': 'vscode', 'gemini-cli': 'gemini', 'codex-cli': 'codex' };

function hostId(name: string): HostId {
  const id = (HOST_IDS as readonly string[]).includes(name) ? (name as HostId) : ALIASES[name];
  if (!id) throw new UserError(`--host ${name}: unknown host; expected one of ${HOST_IDS.join(', ')}`);
  return id;
}
