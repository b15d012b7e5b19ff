/**
 * @fileoverview What review-guard registers with Claude Code: the MCP server
 * entry of `.mcp.json` and the PostToolUse hook of `.claude/settings.json`,
 * with the file tools whose edits the hook reviews. `init` writes these (for
 * the way review-guard is installed, see `init/launch.ts`) and the help texts
 * show them for a project install, so both always agree. No dependencies:
 * the help is printed without loading the rest of the CLI.
 */
import { PACKAGE_NAME } from '../version.js';

/** The tools that write a file (the hook's matcher). */
export const FILE_TOOLS = ['Write', 'Edit', 'MultiEdit'] as const;

export const SERVER_NAME = PACKAGE_NAME;

/**
 * How a host starts review-guard: the program and the arguments before the
 * subcommand. `local`: the project's own copy (node_modules/.bin), found by
 * npx from the folder the host starts it in; `global`: on the PATH;
 * `npx`: fetched by npx when needed.
 */
export interface Launch {
  readonly kind: 'local' | 'global' | 'npx';
  readonly command: string;
  readonly args: readonly string[];
}

export const LOCAL_LAUNCH: Launch = { kind: 'local', command: 'npx', args: ['--no-install', PACKAGE_NAME] };
export const GLOBAL_LAUNCH: Launch = { kind: 'global', command: PACKAGE_NAME, args: [] };
export const NPX_LAUNCH: Launch = { kind: 'npx', command: 'npx', args: ['-y', PACKAGE_NAME] };

/** The server entry of `.mcp.json` (and of the hosts that copied its shape). */
export function mcpEntry(launch: Launch): { command: string; args: string[] } {
  return { command: launch.command, args: [...launch.args, 'serve'] };
}

/** `launch` and `args` as one shell command line (none of the parts needs quoting). */
export function commandLine(launch: Launch, ...args: string[]): string {
  return [launch.command, ...launch.args, ...args].join(' ');
}

/**
 * The hook's command. A project install is started directly: `npx` would
 * add about half a second to every edit. CLAUDE_PROJECT_DIR is set by Claude
 * Code for hooks; the fallback `.` (the hook's working folder, the project)
 * covers versions that leave it unset. A global install is started from the
 * PATH (node_modules/.bin does not exist then: every edit would exit 127).
 */
export function hookCommand(launch: Launch): string {
  if (launch.kind === 'local') return `"\${CLAUDE_PROJECT_DIR:-.}/node_modules/.bin/${PACKAGE_NAME}" hook claude-code`;
  return commandLine(launch, 'hook', 'claude-code');
}

/** The PostToolUse entry: the file tools, the command, and a timeout (seconds) that a first index build fits in. */
export function hookEntry(launch: Launch) {
  return { matcher: FILE_TOOLS.join('|'), hooks: [{ type: 'command', command: hookCommand(launch), timeout: 60 }] };
}
