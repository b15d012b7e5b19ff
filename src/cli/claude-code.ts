/**
 * @fileoverview What review-guard registers with Claude Code: the MCP server
 * entry of `.mcp.json` and the hook command of `.claude/settings.json` (its
 * events and tools: hook/hosts.ts). `init` writes these (for
 * the way review-guard is installed, see `init/launch.ts`) and the help texts
 * show them for a project install, so both always agree. No dependencies:
 * the help is printed without loading the rest of the CLI.
 */
import { PACKAGE_NAME } from '../version.cjs';
import { hookEntryFor, hookHost } from './hook/hosts.js';

export const SERVER_NAME = PACKAGE_NAME;

/**
 * How a host starts review-guard: the program and the arguments before the
 * subcommand, as a person types it in the project (`commandLine`). `local`:
 * the project's own copy (node_modules); `global`: on the PATH; `npx`:
 * fetched by npx when needed. Entries a host runs use `entryCommand`, which
 * finds a project's copy from any folder.
 */
export interface Launch {
  readonly kind: 'local' | 'global' | 'npx';
  readonly command: string;
  readonly args: readonly string[];
}

export const LOCAL_LAUNCH: Launch = { kind: 'local', command: 'npx', args: ['--no-install', PACKAGE_NAME] };
export const GLOBAL_LAUNCH: Launch = { kind: 'global', command: PACKAGE_NAME, args: [] };
export const NPX_LAUNCH: Launch = { kind: 'npx', command: 'npx', args: ['-y', PACKAGE_NAME] };

/**
 * The project's copy, found the way Node finds a package: in node_modules of
 * the working folder or of any folder above it. Hosts start servers and hooks
 * in the folder they were started in, which may be a subfolder with its own
 * package.json (where `npx --no-install` asks the registry and fails with
 * E404) and where CLAUDE_PROJECT_DIR names that subfolder too. Outside the
 * project it fails with one line naming review-guard and the fix, exit 1:
 * every host treats that as the hook's own failure and lets the call through
 * (Gemini CLI 0.61 reads any exit code above 1 with text as "deny": an exit
 * 127 there stopped every write_file and replace). No `$`, `"` or backslash:
 * the text is also put in a shell command in double quotes.
 */
export const LOCATE_PROJECT_COPY =
  `try{require('${PACKAGE_NAME}/dist/src/cli/bin.cjs')}catch(e){` +
  `console.error(/^Cannot find module .${PACKAGE_NAME}.dist/.test(String(e.message))` +
  `?'${PACKAGE_NAME}: not installed in '+process.cwd()+' or a folder above it; run npm install --save-dev ${PACKAGE_NAME} in the project, or start the agent there'` +
  `:'${PACKAGE_NAME}: '+e.message);process.exitCode=1}`;

/**
 * The program and arguments that run `review-guard <subcommand...>` from any
 * folder (an entry a host spawns without a shell). The local copy is started
 * as `node -e <LOCATE_PROJECT_COPY> review-guard ...`: `node -e` puts its
 * first argument where a script's path would be, so the CLI sees `subcommand`.
 */
export function entryCommand(launch: Launch, ...subcommand: string[]): { command: string; args: string[] } {
  if (launch.kind === 'local') return { command: 'node', args: ['-e', LOCATE_PROJECT_COPY, PACKAGE_NAME, ...subcommand] };
  return { command: launch.command, args: [...launch.args, ...subcommand] };
}

/** `entryCommand` as one shell command line, for hosts that run hook commands through a shell. */
export function shellCommand(launch: Launch, ...subcommand: string[]): string {
  const { command, args } = entryCommand(launch, ...subcommand);
  return [command, ...args.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `"${arg}"`))].join(' ');
}

/** The server entry of `.mcp.json` (and of the hosts that copied its shape). */
export function mcpEntry(launch: Launch): { command: string; args: string[] } {
  return entryCommand(launch, 'serve');
}

/** `launch` and `args` as one shell command line, as a person runs it in the project (none of the parts needs quoting). */
export function commandLine(launch: Launch, ...args: string[]): string {
  return [launch.command, ...launch.args, ...args].join(' ');
}

/**
 * The hook's command for `host`: started directly, never through npx (which
 * would add about half a second to every edit), from whichever folder the
 * host runs it in (`shellCommand`).
 */
export function hookCommand(launch: Launch, host = 'claude-code'): string {
  return shellCommand(launch, 'hook', host);
}

/** Claude Code's hook entry (the same under PostToolUse and PreToolUse: the command reads the event from its input). */
export function hookEntry(launch: Launch): unknown {
  return hookEntryFor(hookHost('claude-code')!, hookCommand(launch));
}
