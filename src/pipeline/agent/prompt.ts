/**
 * @fileoverview What the reviewer model is told, rendered from the
 * versioned prompt file (models/prompts/): its job, its tools, the rules it
 * may report, the exact answer shape, and the file under review as numbered
 * lines it must treat as data.
 */
import { loadPrompt, renderPrompt } from '../../../models/prompts.js';
import { MAX_MESSAGE_CHARS, MODEL_RULES } from './answer.js';
import { READ_TOOL_NAME, SEARCH_TOOL_NAME } from './tool-specs.js';

const ANSWER_SHAPE =
  '{"findings":[{"rule":"duplicate","severity":"warning","message":"...","line":12,"symbol":"parseDate",' +
  '"related":{"file":"src/util/dates.ts","line":40,"symbol":"parseIsoDate"}}]}';

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

/** The user message: the path and the source with line numbers. */
export function buildUserMessage(file: { readonly path: string; readonly text: string }): string {
  const lines = file.text.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const width = String(lines.length).length;
  const numberedSource = lines.map((line, i) => `${String(i + 1).padStart(width)} | ${line}`).join('\n');
  return renderPrompt(loadPrompt().user, { path: file.path, numberedSource });
}

/** The repair request after an unusable answer; the reply is schema-constrained. */
export function buildRepairMessage(error: string): string {
  return renderPrompt(loadPrompt().repair, { error });
}

/** The index's candidates for the whole file, as the first turn gets them. */
export function buildCandidatesMessage(path: string, candidates: string): string {
  return renderPrompt(loadPrompt().candidates, { path, candidates });
}

/** The last turn's request: no tools, the answer now. */
export function buildFinalMessage(turn: number, maxTurns: number): string {
  return renderPrompt(loadPrompt().final, { turn, maxTurns });
}

/** What stands in for the tool exchanges of a shortened conversation. */
export function buildShortenedMessage(candidates: string): string {
  return renderPrompt(loadPrompt().shortened, { candidates });
}
