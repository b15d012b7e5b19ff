/**
 * @fileoverview The hosts `review-guard hook <host>` reads: per host, the
 * event names of its after-edit and before-edit hooks, its file tools and
 * how their input carries the text they write, how a message reaches its
 * model, and the entry init registers. No dependencies: the help and the
 * daemon client read it without loading the rest.
 *
 * Claude Code: https://docs.claude.com/en/docs/claude-code/hooks (PostToolUse,
 * PreToolUse; Write {file_path, content}, Edit {file_path, old_string,
 * new_string, replace_all}, MultiEdit {file_path, edits[]}; exit 2: stderr to
 * the model).
 * Gemini CLI: bundle/docs/hooks/reference.md and docs/tools/file-system.md of
 * @google/gemini-cli 0.61 (AfterTool, BeforeTool; write_file, replace
 * {…, allow_multiple}; exit 2 after a tool would replace its result, and
 * before one counts as a failed hook: JSON decision "deny" instead).
 * Codex 0.171, run against a fake Responses API: .codex/hooks.json in the
 * Claude shape, seconds; its file tool is apply_patch, the patch text in
 * tool_input.command; PreToolUse exit 2 blocks with stderr, PostToolUse
 * exit 2 would replace the tool's output, additionalContext is a developer
 * message.
 * VS Code (Copilot agent, local harness), microsoft/vscode-copilot-chat
 * chatHookService.ts and toolNames.ts: .github/hooks/*.json, PreToolUse /
 * PostToolUse, `matcher` ignored, seconds; create_file {filePath, content},
 * replace_string_in_file {filePath, oldString, newString},
 * multi_replace_string_in_file {replacements[]}, insert_edit_into_file
 * {filePath, code: a sketch}, apply_patch {input}; exit 2 before a tool denies
 * it with stderr; additionalContext is appended to the tool result.
 * Cursor, https://cursor.com/docs/agent/hooks: .cursor/hooks.json
 * {version: 1, hooks: {preToolUse|postToolUse: [{command, matcher, timeout s}]}},
 * file edits are the `Write` tool (its input shape is not documented, so it
 * is read by its fields); preToolUse answers {permission: "deny",
 * agent_message}, postToolUse {additional_context}; afterFileEdit's output
 * never reaches the model, so it is not used.
 * opencode 1.18.33 (its embedded JS, run against a fake chat-completions
 * API): no command hooks; init's plugin (init/opencode-plugin.ts) pipes
 * the Claude shape here from tool.execute.before/after. write {filePath,
 * content}, edit {filePath, oldString, newString, replaceAll}, apply_patch
 * {patchText} (for gpt-* models, instead of both).
 */

/** When the hook runs: after the tool wrote the file, or before (the proposed text). */
export type HookEvent = 'after' | 'before';

/**
 * How a file tool's input carries the text it writes: a whole file, one
 * replacement, a list of them (for one file, or `replacements` across
 * files), a V4A patch (`*** Begin Patch`, in `patchField`), the file alone
 * (a sketch only the host can apply: reviewed after the edit), or — for a
 * host that does not document it — whichever of these its fields show.
 */
export type ToolShape = 'write' | 'edit' | 'multi-edit' | 'multi-replace' | 'patch' | 'file-only' | 'detect';

/** The hook's answer, as a command's output. */
export interface HookReply {
  readonly stdout: string;
  readonly stderr?: string;
  readonly exitCode: number;
}

export interface HookHost {
  readonly id: string;
  readonly name: string;
  /** The host's event name → when it runs. */
  readonly events: Readonly<Record<string, HookEvent>>;
  /** The host's file tools → the shape of their input. */
  readonly tools: Readonly<Record<string, ToolShape>>;
  /** The tool_input field that holds a patch's text. */
  readonly patchField?: string;
  /** The reply that hands `message` to the model: after an edit (findings), before one (the reason it is stopped). */
  readonly reply: Readonly<Record<HookEvent, (eventName: string, message: string) => HookReply>>;
  /** The entry init registers under each of `events` for the hook `command` (the host's own keys and units); none for a host whose hook is a plugin. */
  readonly entry?: (matcher: string, command: string) => unknown;
  /** Keys the hooks file must have besides `hooks`. */
  readonly fileTop?: Readonly<Record<string, unknown>>;
}

/** Exit 2, the message on stderr: the host stops the call (before) or adds it to the tool's result (after). */
const viaStderr = (_eventName: string, message: string): HookReply => ({ stdout: '', stderr: message, exitCode: 2 });
/** Exit 0 and `hookSpecificOutput.additionalContext`: the tool's own result stays as it is, the message beside it. */
const asContext = (eventName: string, message: string): HookReply => ({ stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: eventName, additionalContext: message } })}\n`, exitCode: 0 });
/** The Claude-shape entry: the matcher and one command hook with `timeout` in the host's unit. */
const commandEntry = (timeout: number, extra: Record<string, unknown> = {}) => (matcher: string, command: string) => ({ matcher, hooks: [{ ...extra, type: 'command', command, timeout }] });

export const HOOK_HOSTS: readonly HookHost[] = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    events: { PostToolUse: 'after', PreToolUse: 'before' },
    tools: { Write: 'write', Edit: 'edit', MultiEdit: 'multi-edit' },
    reply: { after: viaStderr, before: viaStderr },
    // Seconds: a first index build fits in.
    entry: commandEntry(60),
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    events: { AfterTool: 'after', BeforeTool: 'before' },
    tools: { write_file: 'write', replace: 'edit' },
    // Before: exit 0 and {decision: "deny", reason}; its exit 2 blocks the same way but counts as a failed hook
    // ("[WARNING] Hook(s) [review-guard] failed for event BeforeTool" on every refusal).
    reply: { after: asContext, before: (_eventName, message) => ({ stdout: `${JSON.stringify({ decision: 'deny', reason: message })}\n`, exitCode: 0 }) },
    // Milliseconds; the name is what /hooks lists.
    entry: commandEntry(60_000, { name: 'review-guard' }),
  },
  {
    id: 'codex',
    name: 'Codex',
    events: { PostToolUse: 'after', PreToolUse: 'before' },
    tools: { apply_patch: 'patch' },
    patchField: 'command',
    // Codex shows the model "Command blocked by PreToolUse hook: <stderr>. Command: <patch>": no period of our own before its.
    reply: { after: asContext, before: (eventName, message) => viaStderr(eventName, message.trimEnd().replace(/\.$/, '')) },
    entry: commandEntry(60, { statusMessage: 'review-guard: looking for copies of existing code' }),
  },
  {
    id: 'vscode',
    name: 'VS Code',
    events: { PostToolUse: 'after', PreToolUse: 'before' },
    tools: { create_file: 'write', replace_string_in_file: 'edit', multi_replace_string_in_file: 'multi-replace', apply_patch: 'patch', insert_edit_into_file: 'file-only' },
    patchField: 'input',
    reply: { after: asContext, before: viaStderr },
    // It runs every hook for every tool (no matcher): the command ignores the other tools at once.
    entry: (_matcher, command) => ({ type: 'command', command, timeout: 60 }),
  },
  {
    id: 'cursor',
    name: 'Cursor',
    events: { postToolUse: 'after', preToolUse: 'before' },
    tools: { Write: 'detect' },
    reply: {
      after: (_eventName, message) => ({ stdout: `${JSON.stringify({ additional_context: message })}\n`, exitCode: 0 }),
      // `permission`/`agent_message` now; `decision`/`reason` in the first releases with hooks.
      before: (_eventName, message) => ({
        stdout: `${JSON.stringify({ permission: 'deny', agent_message: message, user_message: message.split('\n')[0], decision: 'deny', reason: message })}\n`,
        exitCode: 0,
      }),
    },
    entry: (matcher, command) => ({ command, matcher, timeout: 60 }),
    // Required by Cursor 3 (hooks do not load without it).
    fileTop: { version: 1 },
  },
  {
    id: 'opencode',
    name: 'opencode',
    events: { PostToolUse: 'after', PreToolUse: 'before' },
    tools: { write: 'write', edit: 'edit', apply_patch: 'patch' },
    patchField: 'patchText',
    // The plugin throws stderr before a call (the tool's result) and appends it after one.
    reply: { after: viaStderr, before: viaStderr },
  },
];

/** The host with `id`, or undefined. */
export function hookHost(id: string | undefined): HookHost | undefined {
  return HOOK_HOSTS.find((host) => host.id === id);
}

/** The entry init registers for `host`: its file tools as the matcher, and `command`; undefined for a plugin host. */
export function hookEntryFor(host: HookHost, command: string): unknown {
  return host.entry?.(Object.keys(host.tools).join('|'), command);
}

/**
 * The folder the hook input says the agent works in: its `cwd`, else the
 * first of Cursor's `workspace_roots`; undefined when neither is a string.
 */
export function hookCwd(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { cwd, workspace_roots: roots } = input as { cwd?: unknown; workspace_roots?: unknown };
  if (typeof cwd === 'string' && cwd !== '') return cwd;
  return Array.isArray(roots) && typeof roots[0] === 'string' ? roots[0] : undefined;
}
