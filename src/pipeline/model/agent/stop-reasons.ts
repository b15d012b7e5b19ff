/**
 * @fileoverview Why a model conversation stopped, in words a person can act
 * on: a bad answer, the budget's end, a cancel, a failed call, and whether
 * the next file would meet the same failure.
 */
import { ModelError } from '../../../../models/errors.js';
import { plainText } from '../../plain-text.js';
import type { AnswerParse } from './answer.js';
import type { ModelReviewOptions } from './conversation.js';

/** An HTTP 5xx that belongs to this conversation (Ollama's runner or tool-call parser failing on its content). */
export function isConversationFault(error: unknown): error is ModelError {
  return error instanceof ModelError && error.kind === 'http' && !error.affectsEveryFile && (error.status ?? 0) >= 500;
}

export function describeBadAnswer(answer: Extract<AnswerParse, { ok: false }>): string {
  // JSON.parse quotes the text it stopped at: the model's own characters.
  const error = plainText(answer.error);
  return answer.problem === 'not-json'
    ? `the model's answer was not valid JSON: ${error}`
    : `the model's answer did not match the findings schema: ${error}`;
}

/** Why a run stopped on `error`, and whether the next file would stop the same way. */
export function stopReason(error: unknown, options: ModelReviewOptions, budget: AbortSignal, shortened: boolean): { reason: string; affectsEveryFile?: boolean } {
  if (options.signal?.aborted) return { reason: failureReason(error, options, budget) };
  // A load that the budget ended is still a load: say that, not "out of time".
  if (error instanceof ModelError && error.kind === 'loading') return { reason: error.message, affectsEveryFile: true };
  if (budget.aborted || !(error instanceof ModelError)) return { reason: failureReason(error, options, budget) };
  const reason = shortened && isConversationFault(error) ? `${error.message} (also with the conversation shortened)` : error.message;
  return { reason, affectsEveryFile: error.affectsEveryFile };
}

/** Why the run stopped; the budget and the caller's signal win over what the call reported. */
function failureReason(error: unknown, options: ModelReviewOptions, budget: AbortSignal): string {
  if (budget.aborted) {
    const configured = options.reviewBudgetMs === undefined ? '' : ` of ${options.reviewBudgetMs} ms for the review`;
    return `the model stage ran out of its time budget (model.timeoutMs${configured}; ${options.timeoutMs} ms were left for this file)`;
  }
  if (options.signal?.aborted) return 'the model review was cancelled';
  const detail = error instanceof Error ? error.message : String(error);
  return `the model call to ${options.llm.description} failed: ${detail}`;
}
