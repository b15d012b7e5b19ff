/**
 * @fileoverview The Claude Code PostToolUse hook input, validated with zod.
 * Only the fields review-guard uses are required; the rest (session id,
 * transcript path, tool response) may change between Claude Code versions
 * and are passed over.
 */
import { z } from 'zod';
import { FILE_TOOLS } from './claude-code.js';

const EnvelopeSchema = z.looseObject({
  hook_event_name: z.string().optional(),
  cwd: z.string().min(1, 'cwd must not be empty'),
  tool_name: z.string().min(1),
  tool_input: z.looseObject({}),
});

const FileToolInputSchema = z.looseObject({ file_path: z.string().min(1, 'file_path must not be empty') });

/** What the hook acts on, or why it does nothing. */
type HookInput =
  | { readonly kind: 'file'; readonly cwd: string; readonly tool: string; readonly filePath: string }
  | { readonly kind: 'ignored'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly problem: string };

/** Parses the hook's stdin. Never throws: malformed input comes back as `invalid` with the reason. */
export function parseHookInput(text: string): HookInput {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problem: `stdin is not JSON (${(error as Error).message})` };
  }
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) return { kind: 'invalid', problem: describe(envelope.error) };
  const { hook_event_name: event, cwd, tool_name: tool, tool_input: toolInput } = envelope.data;
  if (event !== undefined && event !== 'PostToolUse') {
    return { kind: 'invalid', problem: `this hook handles PostToolUse events, got ${JSON.stringify(event)}; register it under "PostToolUse"` };
  }
  if (!(FILE_TOOLS as readonly string[]).includes(tool)) return { kind: 'ignored', reason: `tool ${tool} writes no file` };
  const fileInput = FileToolInputSchema.safeParse(toolInput);
  if (!fileInput.success) return { kind: 'invalid', problem: describe(fileInput.error, 'tool_input') };
  return { kind: 'file', cwd, tool, filePath: fileInput.data.file_path };
}

function describe(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0]!;
  const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
  return `"${key}": ${issue.message}`;
}
