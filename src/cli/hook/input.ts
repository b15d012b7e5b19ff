/**
 * @fileoverview The hook input a host pipes on stdin, validated with zod.
 * Only the fields review-guard uses are required; the rest (session id,
 * transcript path, tool response) may change between host versions and are
 * passed over. An after-edit event names the files written; a before-edit
 * event also carries, per file, the text the tool is about to write (see
 * proposal.ts). Field names are read in both spellings the hosts use
 * (`file_path` and `filePath`, `old_string` and `oldString`, …).
 */
import { z } from 'zod';
import { hookCwd, type HookEvent, type HookHost, type ToolShape } from './hosts.js';
import { parsePatch, type PatchHunk } from './patch.js';

const EnvelopeSchema = z.looseObject({
  hook_event_name: z.string().optional(),
  tool_name: z.string().min(1),
  tool_input: z.looseObject({}),
});

/** VS Code's (and Cursor's) names → the ones below. */
const SPELLINGS: Readonly<Record<string, string>> = {
  filePath: 'file_path',
  path: 'file_path',
  oldString: 'old_string',
  newString: 'new_string',
  replaceAll: 'replace_all',
  contents: 'content',
  hookEventName: 'hook_event_name',
};

const FilePath = z.string().min(1, 'file_path must not be empty');
// replace_all is Claude Code's name, allow_multiple Gemini CLI's.
const EditSchema = z.looseObject({ old_string: z.string(), new_string: z.string(), replace_all: z.boolean().optional(), allow_multiple: z.boolean().optional() });
const WriteSchema = z.looseObject({ file_path: FilePath, content: z.string().optional() });
const SingleEditSchema = z.looseObject({ file_path: FilePath, ...EditSchema.shape });
const MultiEditSchema = z.looseObject({ file_path: FilePath, edits: z.array(z.looseObject(EditSchema.shape)) });
const ReplacementsSchema = z.looseObject({ replacements: z.array(z.looseObject({ file_path: FilePath, ...EditSchema.shape })) });
const FileOnlySchema = z.looseObject({ file_path: FilePath });

/** One replacement of an Edit: `oldText` (all occurrences with `all`) becomes `newText`. */
export interface TextEdit {
  readonly oldText: string;
  readonly newText: string;
  readonly all: boolean;
}

/** What a file tool is about to write: the whole text, edits of the current text, or a patch's hunks. */
export type ProposedChange =
  | { readonly kind: 'write'; readonly content: string }
  | { readonly kind: 'edits'; readonly edits: readonly TextEdit[] }
  | { readonly kind: 'hunks'; readonly hunks: readonly PatchHunk[] };

/** One file a tool writes, and (before the edit, when known) what it writes there. */
export interface ToolFile {
  readonly filePath: string;
  readonly change?: ProposedChange;
}

/** What the hook acts on, or why it does nothing. */
export type HookInput =
  | { readonly kind: 'files'; readonly event: HookEvent; readonly eventName: string; readonly cwd: string; readonly tool: string; readonly files: readonly ToolFile[] }
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
  const envelope = EnvelopeSchema.safeParse(respelled(json));
  if (!envelope.success) return { kind: 'invalid', problem: describe(envelope.error) };
  const cwd = hookCwd(json);
  if (cwd === undefined) return { kind: 'invalid', problem: '"cwd": expected the folder the agent works in' };
  const { hook_event_name: eventName, tool_name: tool, tool_input: toolInput } = envelope.data;
  // Claude Code's PostToolUse input once had no event name: the first event of the table (after an edit) is meant.
  const name = eventName ?? Object.keys(host.events)[0]!;
  const event: HookEvent | undefined = Object.hasOwn(host.events, name) ? host.events[name] : undefined;
  if (event === undefined) {
    const names = Object.keys(host.events).join(' or ');
    return { kind: 'invalid', problem: `this hook handles ${names} events of ${host.name}, got ${JSON.stringify(eventName)}; register it under ${names}` };
  }
  const shape = Object.hasOwn(host.tools, tool) ? host.tools[tool] : undefined;
  if (shape === undefined) return { kind: 'ignored', reason: `tool ${tool} writes no file` };
  const files = toolFiles(shape, event, toolInput, host);
  if (typeof files === 'string') return { kind: 'invalid', problem: files };
  if (files.length === 0) return { kind: 'ignored', reason: `this ${tool} writes no file` };
  // After the edit only the files count (they are read from disk); before it, what the tool is about to write.
  return { kind: 'files', event, eventName: name, cwd, tool, files: event === 'after' ? files.map(({ filePath }) => ({ filePath })) : files };
}

/** The files a tool's input writes, or the problem with it. */
function toolFiles(shape: ToolShape, event: HookEvent, toolInput: Record<string, unknown>, host: HookHost): ToolFile[] | string {
  const detected = shape === 'detect' ? detectShape(toolInput) : shape;
  // After an edit of one file only its name counts (it is read from disk).
  const resolved = event === 'after' && detected !== 'patch' && detected !== 'multi-replace' ? 'file-only' : detected;
  if (resolved === 'patch') {
    const text = toolInput[host.patchField ?? 'patch'];
    const patched = typeof text === 'string' ? parsePatch(text) : undefined;
    if (!patched) return `"tool_input.${host.patchField ?? 'patch'}": expected the text of a patch (*** Begin Patch)`;
    return patched.flatMap((file): ToolFile[] => {
      if (file.kind === 'delete') return [];
      return [{ filePath: file.path, change: file.kind === 'add' ? { kind: 'write', content: file.content } : { kind: 'hunks', hunks: file.hunks } }];
    });
  }
  if (resolved === 'multi-replace') {
    const parsed = ReplacementsSchema.safeParse(toolInput);
    if (!parsed.success) return describe(parsed.error, 'tool_input');
    // Per file, its replacements in order.
    const byFile = new Map<string, TextEdit[]>();
    for (const replacement of parsed.data.replacements) byFile.set(replacement.file_path, [...(byFile.get(replacement.file_path) ?? []), textEdit(replacement)]);
    return [...byFile].map(([filePath, edits]) => ({ filePath, change: { kind: 'edits', edits } }));
  }
  const schema = { write: WriteSchema, edit: SingleEditSchema, 'multi-edit': MultiEditSchema, 'file-only': FileOnlySchema }[resolved];
  const parsed = schema.safeParse(toolInput);
  if (!parsed.success) return describe(parsed.error, 'tool_input');
  const change = proposedChange(parsed.data);
  return [{ filePath: parsed.data.file_path, ...(change ? { change } : {}) }];
}

/** The shape a tool input's fields show (Cursor does not document its Write tool's input). */
function detectShape(toolInput: Record<string, unknown>): Exclude<ToolShape, 'detect'> {
  if (Array.isArray(toolInput['edits'])) return 'multi-edit';
  if (typeof toolInput['old_string'] === 'string') return 'edit';
  if (typeof toolInput['patch'] === 'string') return 'patch';
  return typeof toolInput['content'] === 'string' ? 'write' : 'file-only';
}

function proposedChange(input: Record<string, unknown> & { edits?: z.infer<typeof EditSchema>[] }): ProposedChange | undefined {
  if (input.edits) return { kind: 'edits', edits: input.edits.map(textEdit) };
  if (typeof input['old_string'] === 'string') return { kind: 'edits', edits: [textEdit(input as z.infer<typeof EditSchema>)] };
  return typeof input['content'] === 'string' ? { kind: 'write', content: input['content'] } : undefined;
}

function textEdit(edit: z.infer<typeof EditSchema>): TextEdit {
  return { oldText: edit.old_string, newText: edit.new_string, all: edit.replace_all === true || edit.allow_multiple === true };
}

/** `json` with the other hosts' field names in the spelling above (the envelope, tool_input and its replacements). */
function respelled(json: unknown, depth = 0): unknown {
  if (Array.isArray(json)) return depth > 2 ? json : json.map((item) => respelled(item, depth + 1));
  if (typeof json !== 'object' || json === null || depth > 3) return json;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const name = SPELLINGS[key] ?? key;
    if (!Object.hasOwn(out, name)) out[name] = key === 'tool_response' ? value : respelled(value, depth + 1);
  }
  return out;
}

function describe(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0]!;
  const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
  return `"${key}": ${issue.message}`;
}
