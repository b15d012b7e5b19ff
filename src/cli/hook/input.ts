/**
 * @fileoverview The hook input a host pipes on stdin, validated with zod.
 * Only the fields review-guard uses are required; the rest (session id,
 * transcript path, tool response) may change between host versions and are
 * passed over. An after-edit event names the file written; a before-edit
 * event also carries the text the tool is about to write (see proposal.ts).
 */
import { z } from 'zod';
import type { HookEvent, HookHost, ToolShape } from './hosts.js';

const EnvelopeSchema = z.looseObject({
  hook_event_name: z.string().optional(),
  cwd: z.string().min(1, 'cwd must not be empty'),
  tool_name: z.string().min(1),
  tool_input: z.looseObject({}),
});

const FilePath = z.string().min(1, 'file_path must not be empty');
// replace_all is Claude Code's name, allow_multiple Gemini CLI's.
const EditSchema = z.looseObject({ old_string: z.string(), new_string: z.string(), replace_all: z.boolean().optional(), allow_multiple: z.boolean().optional() });

const AFTER_INPUT = z.looseObject({ file_path: FilePath });

const TOOL_INPUTS = {
  write: z.looseObject({ file_path: FilePath, content: z.string().optional() }),
  edit: z.looseObject({ file_path: FilePath, ...EditSchema.shape }),
  'multi-edit': z.looseObject({ file_path: FilePath, edits: z.array(EditSchema) }),
} as const satisfies Record<ToolShape, z.ZodType>;

/** One replacement of an Edit: `oldText` (all occurrences with `all`) becomes `newText`. */
export interface TextEdit {
  readonly oldText: string;
  readonly newText: string;
  readonly all: boolean;
}

/** What a file tool is about to write: the whole text, or edits of the current text. */
export type ProposedChange = { readonly kind: 'write'; readonly content: string } | { readonly kind: 'edits'; readonly edits: readonly TextEdit[] };

/** What the hook acts on, or why it does nothing. */
export type HookInput =
  | { readonly kind: 'file'; readonly event: 'after'; readonly eventName: string; readonly cwd: string; readonly tool: string; readonly filePath: string }
  | { readonly kind: 'file'; readonly event: 'before'; readonly eventName: string; readonly cwd: string; readonly tool: string; readonly filePath: string; readonly change?: ProposedChange }
  | { readonly kind: 'ignored'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly problem: string };

/** Parses the hook's stdin as `host` sends it. Never throws: malformed input comes back as `invalid` with the reason. */
export function parseHookInput(text: string, host: HookHost): HookInput {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problem: `stdin is not JSON (${(error as Error).message})` };
  }
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) return { kind: 'invalid', problem: describe(envelope.error) };
  const { hook_event_name: eventName, cwd, tool_name: tool, tool_input: toolInput } = envelope.data;
  // Claude Code's PostToolUse input once had no event name: the first event of the table (after an edit) is meant.
  const name = eventName ?? Object.keys(host.events)[0]!;
  const event: HookEvent | undefined = Object.hasOwn(host.events, name) ? host.events[name] : undefined;
  if (event === undefined) {
    const names = Object.keys(host.events).join(' or ');
    return { kind: 'invalid', problem: `this hook handles ${names} events of ${host.name}, got ${JSON.stringify(eventName)}; register it under ${names}` };
  }
  const shape = Object.hasOwn(host.tools, tool) ? host.tools[tool] : undefined;
  if (shape === undefined) return { kind: 'ignored', reason: `tool ${tool} writes no file` };
  // After the edit only the file counts (it is read from disk); before it, what the tool is about to write.
  if (event === 'after') {
    const written = AFTER_INPUT.safeParse(toolInput);
    if (!written.success) return { kind: 'invalid', problem: describe(written.error, 'tool_input') };
    return { kind: 'file', event, eventName: name, cwd, tool, filePath: written.data.file_path };
  }
  const parsed = TOOL_INPUTS[shape].safeParse(toolInput);
  if (!parsed.success) return { kind: 'invalid', problem: describe(parsed.error, 'tool_input') };
  const filePath = parsed.data.file_path;
  const change = proposedChange(parsed.data);
  return { kind: 'file', event, eventName: name, cwd, tool, filePath, ...(change ? { change } : {}) };
}

function proposedChange(input: { content?: string; old_string?: string; new_string?: string; replace_all?: boolean; edits?: z.infer<typeof EditSchema>[] }): ProposedChange | undefined {
  if (input.edits) return { kind: 'edits', edits: input.edits.map(textEdit) };
  if (input.old_string !== undefined && input.new_string !== undefined) return { kind: 'edits', edits: [textEdit(input as z.infer<typeof EditSchema>)] };
  return input.content === undefined ? undefined : { kind: 'write', content: input.content };
}

function textEdit(edit: z.infer<typeof EditSchema>): TextEdit {
  return { oldText: edit.old_string, newText: edit.new_string, all: edit.replace_all === true || edit.allow_multiple === true };
}

function describe(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0]!;
  const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
  return `"${key}": ${issue.message}`;
}
