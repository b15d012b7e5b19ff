/**
 * @fileoverview What the reviewer model is told, rendered from the
 * versioned prompt file (models/prompts/): its job, its tools, the rules it
 * may report, the exact answer shape, and the file under review as numbered
 * lines it must treat as data.
 */
import { loadPrompt, renderPrompt } from '../../../../models/prompts.js';
import { MAX_MESSAGE_CHARS, MODEL_RULES } from './answer.js';
import type { LineRange } from './file-parts.js';
import { READ_TOOL_NAME, SEARCH_TOOL_NAME } from './tool-specs.js';

const ANSWER_SHAPE =
  '{"findings":[{"rule":"duplicate","severity":"warning","message":"...","line":12,"symbol":"parseDate",' +
  '"related":{"candidate":"c3","symbol":"parseIsoDate"}}]}';

/** The system prompt; short and literal, because the models are small. */
export function buildSystemPrompt(limits: { readonly maxToolCalls: number; readonly maxTurns: number }): string {
  return renderPrompt(loadPrompt().system, {
    searchTool: SEARCH_TOOL_NAME,
    readTool: READ_TOOL_NAME,
    maxToolCalls: limits.maxToolCalls,
    maxTurns: limits.maxTurns,
    rules: MODEL_RULES.join(', '),
    maxMessageChars: MAX_MESSAGE_CHARS,
    answerShape: ANSWER_SHAPE,
  });
}

/** One part of a file too long for one conversation: its lines, and which part of how many. */
export interface PromptPart extends LineRange {
  readonly part: number;
  readonly parts: number;
}

/**
 * The user message: the path and the source (or one part of it) with line
 * numbers; `numbered` is `numberLines(file.text)` when the caller has it.
 */
export function buildUserMessage(
  file: { readonly path: string; readonly text: string },
  part?: PromptPart,
  numbered: readonly string[] = numberLines(file.text),
): string {
  const numberedSource = (part ? numbered.slice(part.startLine - 1, part.endLine) : numbered).join('\n');
  if (!part) return renderPrompt(loadPrompt().user, { path: file.path, numberedSource });
  return renderPrompt(loadPrompt().part, { path: file.path, numberedSource, ...part });
}

/** The file's lines as the model reads them: `12 | code`, numbers right-aligned. */
export function numberLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const width = String(lines.length).length;
  return lines.map((line, i) => `${String(i + 1).padStart(width)} | ${line}`);
}

/** The repair request after an unusable answer; the reply is schema-constrained. */
export function buildRepairMessage(error: string): string {
  return renderPrompt(loadPrompt().repair, { error });
}

/** The index's candidates for the whole file (or the part under review), as the first turn gets them. */
export function buildCandidatesMessage(path: string, candidates: string, part?: LineRange): string {
  const scope = part ? `in lines ${part.startLine}-${part.endLine} of ${path}` : `of ${path}`;
  return renderPrompt(loadPrompt().candidates, { scope, candidates });
}

/** The last turn's request: no tools, the answer now. */
export function buildFinalMessage(turn: number, maxTurns: number): string {
  return renderPrompt(loadPrompt().final, { turn, maxTurns });
}

/** What stands in for the tool exchanges of a shortened conversation. */
export function buildShortenedMessage(candidates: string): string {
  return renderPrompt(loadPrompt().shortened, { candidates });
}
