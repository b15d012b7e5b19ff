/**
 * @fileoverview The bounded model review of one file: the model's
 * readiness (its load, its context window), then one conversation about the
 * file (conversation.ts), or, for a file whose prompt leaves the
 * conversation no room in the window, one per part cut at its declarations,
 * each bounded on its own under the file's one time budget; what fits no
 * part is named, and the file is then not counted as judged. Every failure
 * becomes an `incomplete` result with a reason a person can act on.
 */
import { CHARS_PER_TOKEN, estimateTokens, firstPromptTokens, leavesConversationRoom, promptChars, tokensOfChars } from './context-window.js';
import { ReviewRun, systemMessage, tooLarge, type ModelReviewOptions, type ModelReviewResult, type RunStats } from './conversation.js';
import { planFileParts, type FileParts, type LineRange } from './file-parts.js';
import { buildUserMessage, numberLines, type PromptPart } from './prompt.js';
import { stopReason } from './stop-reasons.js';
import { AGENT_TOOLS } from './tool-specs.js';
import { Transcript } from './transcript.js';

export type { ModelReviewOptions, ModelReviewResult, RunStats } from './conversation.js';

/** Runs the review loop; never throws for a misbehaving or unreachable model. */
export async function runModelReview(options: ModelReviewOptions): Promise<ModelReviewResult> {
  const budget = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;
  const started = Date.now();
  let window: number | undefined;
  try {
    // The client watches the signal itself: a load the budget ends is reported as loading.
    window = (await options.llm.prepare?.(signal, options.onModelLoading))?.contextWindow;
  } catch (error) {
    const { reason, affectsEveryFile } = stopReason(error, options, budget, false);
    new Transcript(options.file.path, options.transcript).note(`stopped: ${reason}`);
    return { status: 'incomplete', reason, ...(affectsEveryFile ? { affectsEveryFile } : {}), ...addStats([], started) };
  }
  const plan = planParts(options, window);
  if (plan.parts.length === 1 && plan.leftOut.length === 0) return new ReviewRun(options, signal, budget, window).run();
  if (plan.parts.length === 0) {
    const whole = [systemMessage(options), { role: 'user' as const, content: buildUserMessage(options.file) }];
    return { status: 'incomplete', reason: tooLarge(options, estimateTokens(whole, AGENT_TOOLS), window), ...addStats([], started) };
  }
  return reviewInParts(options, signal, budget, window, plan, started);
}

/** The whole file as one part when it leaves the conversation its room (or the window is unknown), else parts cut at declarations. */
function planParts(options: ModelReviewOptions, window: number | undefined): FileParts {
  const numbered = numberLines(options.file.text);
  const whole = { parts: [{ startLine: 1, endLine: numbered.length }], leftOut: [] };
  const system = systemMessage(options);
  const firstPrompt = (user: string): number => promptChars([system, { role: 'user', content: user }], AGENT_TOOLS);
  if (window === undefined || leavesConversationRoom(tokensOfChars(firstPrompt(buildUserMessage(options.file, undefined, numbered)), 2), window)) return whole;
  // A part's prompt is the part template (its numbers at their widest: the estimate errs high) plus its lines.
  const last = numbered.length;
  const template = firstPrompt(buildUserMessage(options.file, { startLine: last, endLine: last - 1, part: last, parts: last }, numbered));
  const upTo = [0];
  for (const line of numbered) upTo.push(upTo.at(-1)! + line.length + 1);
  const fits = (range: LineRange): boolean =>
    leavesConversationRoom(tokensOfChars(template + upTo[range.endLine]! - upTo[range.startLine - 1]!, 2), window);
  return planFileParts(numbered.length, options.declarations ?? [], fits);
}

/**
 * About how many numbered lines of `charsPerLine` characters a file may
 * have and still go to the model whole in a `window`-token context: the
 * budget planParts applies, with the default instructions (doctor says it).
 * 0 when the instructions alone fill the first prompt.
 */
export function wholeFileLines(window: number, charsPerLine: number): number {
  const instructions = promptChars([systemMessage({})], AGENT_TOOLS);
  const room = (firstPromptTokens(window) - tokensOfChars(0, 2)) * CHARS_PER_TOKEN - instructions;
  return Math.max(0, Math.floor(room / charsPerLine));
}

/**
 * Each part its own conversation, in file order, under the file's one
 * budget. A part that fails is named and the next is asked, unless no part
 * could be judged now (a failure every file would meet, or the budget's end).
 */
async function reviewInParts(
  options: ModelReviewOptions,
  signal: AbortSignal,
  budget: AbortSignal,
  window: number | undefined,
  plan: FileParts,
  started: number,
): Promise<ModelReviewResult> {
  const runs: ModelReviewResult[] = [];
  const failed: string[] = [];
  let affectsEveryFile = false;
  for (const [i, range] of plan.parts.entries()) {
    const part: PromptPart = { ...range, part: i + 1, parts: plan.parts.length };
    const label = `part ${part.part} of ${part.parts} (lines ${range.startLine}-${range.endLine})`;
    if (signal.aborted || affectsEveryFile) {
      failed.push(`${label}: not reviewed`);
      continue;
    }
    const result = await new ReviewRun(options, signal, budget, window, part).run();
    runs.push(result);
    if (result.status === 'completed') continue;
    failed.push(`${label}: ${result.reason}`);
    affectsEveryFile = result.affectsEveryFile ?? false;
  }
  const stats = addStats(runs, started);
  const findings = runs.flatMap((run) => run.findings ?? []);
  const unseen = plan.leftOut.map((gap) => {
    const names = gap.names.length > 0 ? ` (${gap.names.join(', ')})` : '';
    return `lines ${gap.startLine}-${gap.endLine}${names}`;
  });
  const problems = [
    ...(unseen.length > 0
      ? [
          `${options.file.path} was not fully seen: ${unseen.join(', ')} do not fit the model's context window of ${window} tokens ` +
            `(model.numCtx, capped at the model's context length) even alone, so the model did not judge them`,
        ]
      : []),
    ...failed,
  ];
  if (problems.length === 0) return { status: 'completed', findings, ...stats };
  const judged = runs.filter((run) => run.status === 'completed').length;
  const count = plan.parts.length;
  const reason = `${problems.join('; ')} (reviewed in ${count} part${count === 1 ? '' : 's'}, ${judged} judged)`;
  return { status: 'incomplete', reason, ...(affectsEveryFile ? { affectsEveryFile } : {}), findings, ...stats };
}

/** The runs' stats added up; the time is the whole file's. */
function addStats(runs: readonly RunStats[], started: number): RunStats {
  const sum = (pick: (run: RunStats) => number): number => runs.reduce((n, run) => n + pick(run), 0);
  return {
    turns: sum((r) => r.turns),
    toolCalls: sum((r) => r.toolCalls),
    promptTokens: sum((r) => r.promptTokens),
    outputTokens: sum((r) => r.outputTokens),
    elapsedMs: Date.now() - started,
  };
}
