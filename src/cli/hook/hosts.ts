/**
 * @fileoverview The hosts `review-guard hook <host>` reads: per host, the
 * event names of its after-edit and before-edit hooks and, per file tool,
 * how the tool's input names the file and the text it writes. No
 * dependencies: the help names the hosts without loading the rest.
 *
 * Claude Code: https://docs.claude.com/en/docs/claude-code/hooks (PostToolUse,
 * PreToolUse; Write {file_path, content}, Edit {file_path, old_string,
 * new_string, replace_all}, MultiEdit {file_path, edits[]}).
 * Gemini CLI: docs/hooks in @google/gemini-cli (AfterTool, BeforeTool;
 * write_file {file_path, content}, replace {file_path, old_string, new_string}).
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
}

export const HOOK_HOSTS: readonly HookHost[] = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    events: { PostToolUse: 'after', PreToolUse: 'before' },
    tools: { Write: 'write', Edit: 'edit', MultiEdit: 'multi-edit' },
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    events: { AfterTool: 'after', BeforeTool: 'before' },
    tools: { write_file: 'write', replace: 'edit' },
  },
];

/** The host with `id`, or undefined. */
export function hookHost(id: string | undefined): HookHost | undefined {
  return HOOK_HOSTS.find((host) => host.id === id);
}

/** The hook's tool matcher for `host` (a regular expression over tool names). */
export function toolMatcher(host: HookHost): string {
  return Object.keys(host.tools).join('|');
}
