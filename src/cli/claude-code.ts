/**
 * @fileoverview What review-guard registers with Claude Code: the MCP server
 * entry of `.mcp.json` and the PostToolUse hook of `.claude/settings.json`,
 * with the file tools whose edits the hook reviews. `init` writes these and
 * the help texts show them, so both always agree. No dependencies: the help
 * is printed without loading the rest of the CLI.
 */
import { PACKAGE_NAME } from '../version.js';

/** The tools that write a file (the hook's matcher). */
export const FILE_TOOLS = ['Write', 'Edit', 'MultiEdit'] as const;

export const SERVER_NAME = PACKAGE_NAME;
export const MCP_ENTRY = { command: 'npx', args: ['--no-install', 'review-guard', 'serve'] } as const;

/**
 * The project's own copy, started directly: `npx` would add about half a
 * second to every edit. CLAUDE_PROJECT_DIR is set by Claude Code for hooks;
 * the fallback `.` (the hook's working folder, the project) covers versions
 * that leave it unset.
 */
export const HOOK_COMMAND = '"${CLAUDE_PROJECT_DIR:-.}/node_modules/.bin/review-guard" hook claude-code';

/** The PostToolUse entry: the file tools, the command, and a timeout (seconds) that a first index build fits in. */
export const HOOK_ENTRY = { matcher: FILE_TOOLS.join('|'), hooks: [{ type: 'command', command: HOOK_COMMAND, timeout: 60 }] } as const;
