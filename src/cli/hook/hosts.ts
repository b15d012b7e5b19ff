/**
 * @fileoverview The hosts `review-guard hook <host>` reads: per host, the
 * event names of its after-edit and before-edit hooks and, per file tool,
 * how the tool's input names the file and the text it writes. No
 * dependencies: the help names the hosts without loading the rest.
 *
 * Claude Code: https://docs.claude.com/en/docs/claude-code/hooks (PostToolUse,
 * PreToolUse; Write {file_path, content}, Edit {file_path, old_string,
 * new_string, replace_all}, MultiEdit {file_path, edits[]}).
 * Gemini CLI: bundle/docs/hooks/reference.md and docs/tools/file-system.md of
 * @google/gemini-cli 0.61 (AfterTool, BeforeTool; exit 2 before a tool blocks it
 * with stderr as the reason; write_file {file_path, content}, replace
 * {file_path, old_string, new_string, allow_multiple}).
 */

/** When the hook runs: after the tool wrote the file, or before (the proposed text). */
export type HookEvent = 'after' | 'before';

/** How a file tool's input carries the text it writes. */
export type ToolShape = 'write' | 'edit' | 'multi-edit';

export interface HookHost {
  readonly id: string;
  readonly name: string;
  /** The host's hook_event_name → when it runs. */
  readonly events: Readonly<Record<string, HookEvent>>;
  /** The host's file tools → the shape of their input. */
  readonly tools: Readonly<Record<string, ToolShape>>;
  /**
   * How findings after an edit reach the model: `stderr` (exit 2, Claude
   * Code adds stderr to the tool result), or `context` (exit 0 and JSON with
   * `hookSpecificOutput.additionalContext`: Gemini CLI's exit 2 after a tool
   * would replace the tool's result, so the model would not see it succeeded).
   */
  readonly afterEdit: 'stderr' | 'context';
  /** The entry init registers under each of `events` for the hook `command` (the host's own keys and units). */
  readonly entry: (matcher: string, command: string) => unknown;
}

export const HOOK_HOSTS: readonly HookHost[] = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    events: { PostToolUse: 'after', PreToolUse: 'before' },
    tools: { Write: 'write', Edit: 'edit', MultiEdit: 'multi-edit' },
    afterEdit: 'stderr',
    // Seconds: a first index build fits in.
    entry: (matcher, command) => ({ matcher, hooks: [{ type: 'command', command, timeout: 60 }] }),
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    events: { AfterTool: 'after', BeforeTool: 'before' },
    tools: { write_file: 'write', replace: 'edit' },
    afterEdit: 'context',
    // Milliseconds; the name is what /hooks lists.
    entry: (matcher, command) => ({ matcher, hooks: [{ name: 'review-guard', type: 'command', command, timeout: 60_000 }] }),
  },
];

/** The host with `id`, or undefined. */
export function hookHost(id: string | undefined): HookHost | undefined {
  return HOOK_HOSTS.find((host) => host.id === id);
}

/** The entry init registers for `host`: its file tools as the matcher, and `command`. */
export function hookEntryFor(host: HookHost, command: string): unknown {
  return host.entry(Object.keys(host.tools).join('|'), command);
}
