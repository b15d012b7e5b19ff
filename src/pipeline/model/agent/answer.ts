/**
 * @fileoverview Reading the model's final answer. Small models wrap JSON in
 * ```json fences, prefix `<think>` blocks or prose, and drift from the
 * schema; this finds the JSON, validates it with zod and says precisely what
 * was wrong, so the loop can ask once more with the schema enforced.
 */
import { z } from 'zod';
import { SEVERITIES } from '../../../../rules/define-rule.js';

/**
 * The rules the model may report: the catalog's model-judged ones (`review`
 * is the pipeline's own). Everything else is the deterministic rules' job.
 */
export const MODEL_RULES = ['duplicate', 'responsibility'] as const;
export type ModelRule = (typeof MODEL_RULES)[number];

/** Longest message kept from the model; longer ones are cut (a finding is one sentence, not an essay). */
export const MAX_MESSAGE_CHARS = 300;

// `nullish`: small models write `"line": null` for "no line".
const AnswerFindingSchema = z.object({
  rule: z.enum(MODEL_RULES),
  severity: z.enum(SEVERITIES).default('warning'),
  message: z.string().trim().min(1),
  line: z.number().int().positive().nullish(),
  symbol: z.string().nullish(),
  related: z
    .preprocess(citationObject,
      z
        .object({
          /** The short id a candidate listing showed, e.g. "c3". */
          candidate: z.string().trim().min(1).nullish(),
          file: z.string().trim().min(1).nullish(),
          line: z.number().int().positive().nullish(),
          symbol: z.string().nullish(),
        })
        .refine((related) => Boolean(related.candidate ?? related.file), {
          message: 'give "candidate" (the id a candidate listing showed, e.g. "c3") or "file"',
        }),
    )
    .nullish(),
});

/**
 * A bare string is a citation too ("c3", or "src/config/load.ts:13-26"),
 * and `id` is read as `candidate` (the tools call it "id").
 */
function citationObject(value: unknown): unknown {
  if (typeof value === 'string') return { candidate: value };
  if (typeof value !== 'object' || value === null || !('id' in value) || 'candidate' in value) return value;
  return { ...value, candidate: (value as { id: unknown }).id };
}

/** The final answer: `{"findings": [...]}`; unknown fields are dropped. */
const ModelAnswerSchema = z.object({ findings: z.array(AnswerFindingSchema) });
export type AnswerFinding = z.infer<typeof AnswerFindingSchema>;

/** The answer's JSON Schema, for Ollama's `format` (structured output) on the repair turn. */
export const MODEL_ANSWER_JSON_SCHEMA: Record<string, unknown> = z.toJSONSchema(ModelAnswerSchema);

export type AnswerParse =
  | { readonly ok: true; readonly findings: readonly AnswerFinding[] }
  | { readonly ok: false; readonly problem: 'not-json' | 'schema'; readonly error: string };

/** Parses a final answer; never throws. */
export function parseModelAnswer(content: string): AnswerParse {
  const text = stripThinking(content).trim();
  if (text === '') return { ok: false, problem: 'not-json', error: 'the answer was empty' };
  const json = jsonCandidate(text);
  if (json === undefined) return { ok: false, problem: 'not-json', error: 'the answer contains no JSON object' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, problem: 'not-json', error: error instanceof Error ? error.message : String(error) };
  }
  const parsed = ModelAnswerSchema.safeParse(value);
  if (parsed.success) return { ok: true, findings: parsed.data.findings };
  const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { ok: false, problem: 'schema', error: issues.join('; ') };
}

/**
 * Removes reasoning: `<think>…</think>` blocks, and everything up to a
 * lone `</think>` (some chat templates put the opening tag in the prompt).
 */
export function stripThinking(content: string): string {
  const withoutBlocks = content.replace(/<think>[\s\S]*?<\/think>/g, '');
  const lone = withoutBlocks.lastIndexOf('</think>');
  const visible = lone === -1 ? withoutBlocks : withoutBlocks.slice(lone + '</think>'.length);
  // An unclosed block means the model never got to the answer.
  return visible.replace(/<think>[\s\S]*$/, '');
}

/** The text of the first fenced block holding an object, else the outermost object. */
function jsonCandidate(text: string): string | undefined {
  for (const [, body] of text.matchAll(/```[a-zA-Z]*[^\S\n]*\n?([\s\S]*?)```/g)) {
    const trimmed = body?.trim() ?? '';
    if (trimmed.startsWith('{')) return trimmed;
  }
  return outermostObject(text);
}

/** From the first `{` to its matching `}`, skipping braces inside strings. */
function outermostObject(text: string): string | undefined {
  const start = text.indexOf('{');
  if (start === -1) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  // Unbalanced: hand the rest to JSON.parse so its error message says where.
  return text.slice(start);
}
