/**
 * @fileoverview The pure part of `review-guard init` besides the MCP host
 * files (`hosts.ts`): given what a file holds now (or undefined when it is
 * missing), the text it should hold, or undefined when it is already set
 * up. Existing settings are merged into, never replaced; a file that cannot
 * be merged safely is a UserError.
 */
import { z } from 'zod';
import { UserError } from '../../pipeline/index.js';
import { commandLine, hookCommand, SERVER_NAME, type Launch } from '../claude-code.js';
import { hookEntryFor, hookHost } from '../hook/hosts.js';
import { checkUniqueKeys, parseJsonFile, setJsonValue } from './json-edit.js';

/** Any registered review-guard hook, however it is started (npx, a path, a global install). */
const REGISTERED_HOOK = /review-guard"?\s+hook\b/;

// The Claude shape ({matcher, hooks: [{command}]}) or a flat entry ({command}: VS Code, Cursor).
const HookEntrySchema = z.looseObject({ command: z.string().optional(), hooks: z.array(z.looseObject({ command: z.string().optional() })).optional() });
const HooksFileSchema = z.looseObject({ hooks: z.record(z.string(), z.unknown()).optional() });

/**
 * `current` (the host's settings file `path`) with `entry` added under each
 * of `events` in its "hooks" object, except where a review-guard hook is
 * registered already; undefined when every event has one. `top`: keys the
 * file must have besides (Cursor's `version`), set when missing.
 */
export function mergeHooks(current: string | undefined, path: string, events: readonly string[], entry: unknown, top: Readonly<Record<string, unknown>> = {}): string | undefined {
  let text = current;
  const withTop = () => {
    const present = parseJsonFile(text, path, z.looseObject({}));
    for (const [key, value] of Object.entries(top)) if (!Object.hasOwn(present, key)) text = setJsonValue(text, [key], value);
  };
  // A new file gets them first, where a reader looks.
  if (current === undefined) withTop();
  for (const event of events) {
    const registered = parseJsonFile(text, path, HooksFileSchema).hooks?.[event];
    checkUniqueKeys(text, path, ['hooks', event]);
    const list = z.array(HookEntrySchema).safeParse(registered ?? []);
    if (!list.success) throw new UserError(`${path}: "hooks.${event}" is not a list of hook entries; fix it by hand, then run init again`);
    const commands = list.data.flatMap((e) => [e.command, ...(e.hooks ?? []).map((hook) => hook.command)]);
    if (commands.some((command) => REGISTERED_HOOK.test(command ?? ''))) continue;
    text = registered === undefined ? setJsonValue(text, ['hooks', event], [entry]) : setJsonValue(text, ['hooks', event, list.data.length], entry);
  }
  if (text === current) return undefined;
  withTop();
  return text;
}

/**
 * The host's settings file `path` with review-guard's hook added under each
 * of the host's events (after and before an edit), unless registered already.
 */
export function mergeHostHooks(current: string | undefined, path: string, hostId: string, launch: Launch): string | undefined {
  const host = hookHost(hostId);
  const entry = host ? hookEntryFor(host, hookCommand(launch, host.id)) : undefined;
  if (!host || entry === undefined) throw new Error(`no hooks file for host ${hostId}`);
  return mergeHooks(current, path, Object.keys(host.events), entry, host.fileTop);
}

const LocalSettingsSchema = z.looseObject({ enabledMcpjsonServers: z.array(z.string()).optional() });

/**
 * `.claude/settings.local.json` approving the review-guard server of
 * `.mcp.json` (Claude Code lists it "Pending approval" until then), unless
 * it is approved already. This file is the user's own (git-ignored): a
 * cloned repository cannot approve a server for whoever clones it.
 */
export function mergeLocalApproval(current: string | undefined): string | undefined {
  const name = '.claude/settings.local.json';
  const enabled = parseJsonFile(current, name, LocalSettingsSchema).enabledMcpjsonServers;
  checkUniqueKeys(current, name, ['enabledMcpjsonServers']);
  if (enabled?.includes(SERVER_NAME)) return undefined;
  return enabled ? setJsonValue(current, ['enabledMcpjsonServers', enabled.length], SERVER_NAME) : setJsonValue(current, ['enabledMcpjsonServers'], [SERVER_NAME]);
}

/**
 * The line for agents. Every host that reads these files may lack the MCP
 * tool (one init did not wire, or a cloud agent), so it names the CLI too.
 */
export function agentLine(launch: Launch): string {
  return (
    '- After changing source files and before committing, review them with review-guard: call its `review_code` MCP tool with the changed paths ' +
    `(where that tool is not available, run \`${commandLine(launch, 'review')} <paths>\`) and fix every finding of severity "error"; ` +
    'a `duplicate` finding names the existing code to reuse.'
  );
}

/** An agent instructions file with the review-guard line appended, unless it already mentions review_code. */
export function mergeAgentInstructions(current: string | undefined, launch: Launch): string | undefined {
  if (current === undefined) return `# Agent instructions\n\n${agentLine(launch)}\n`;
  if (current.includes('review_code')) return undefined;
  return `${current}${current.endsWith('\n') || current === '' ? '' : '\n'}\n${agentLine(launch)}\n`;
}

/**
 * Lines of `.gitignore` init adds when missing: the index folder, and Claude
 * Code's local settings, which hold this machine's approval (Claude Code
 * ignores them once they are tracked).
 */
const IGNORED = [
  { pattern: /^\/?\.review-guard\/?$/, lines: ["# review-guard's similarity index (rebuilt on demand)", '.review-guard/'] },
  { pattern: /^\/?(?:\.claude\/)?settings\.local\.json$|^\/?\.claude\/?$/, lines: ["# Claude Code's settings for this machine (init approves review-guard there)", '.claude/settings.local.json'] },
];

/** `.gitignore` with the index folder and Claude Code's local settings ignored. */
export function mergeGitignore(current: string | undefined): string | undefined {
  const present = (current ?? '').split(/\r?\n/).map((line) => line.trim());
  const missing = IGNORED.filter(({ pattern }) => !present.some((line) => pattern.test(line)));
  if (missing.length === 0) return undefined;
  const base = current === undefined || current === '' ? '' : current.endsWith('\n') ? current : `${current}\n`;
  return `${base}${missing.flatMap((entry) => entry.lines).join('\n')}\n`;
}
