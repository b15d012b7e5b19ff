/**
 * @fileoverview One file's model stage inside a review: the shared time
 * budget, a model that no file can use (said once per review), and what
 * becomes of the stage's outcome. Split from review.ts, which orchestrates.
 */
import type { CodeIndex } from '../../../indexer/index.js';
import type { LlmClient } from '../../../models/llm-client.js';
import { severityOf } from '../../../rules/engine.js';
import { catalogMessage } from '../findings/index.js';
import type { ModelStageTally } from './summary.js';
import type { ParsedFile, ReviewDeps } from '../review-run.js';
import type { FileStatus } from '../schemas.js';

/** The model stage's budget, health and totals, shared by the files of one review. */
export interface ModelBudget {
  deadline?: number;
  /** Why the model can judge no file of this review (unreachable, loading, not pulled, no tools): said once, in a notice. */
  unavailable?: string;
  /** Files the model did not judge because it was unavailable. */
  readonly unjudged: string[];
  readonly tally: ModelStageTally;
  /** Files the model did not judge because the review's deadline passed. */
  readonly pastDeadline: string[];
}

export async function reviewWithModel(
  deps: ReviewDeps,
  llm: () => LlmClient | Promise<LlmClient>,
  entry: ParsedFile,
  index: CodeIndex | undefined,
  budget: ModelBudget,
): Promise<FileStatus['model']> {
  // The budget starts with the first model call, so indexing time does not eat it.
  budget.deadline ??= Date.now() + deps.config.model.timeoutMs;
  const reviewLeft = deps.deadline === undefined ? Infinity : deps.deadline - Date.now();
  const remaining = Math.min(budget.deadline - Date.now(), reviewLeft);
  if (budget.unavailable === undefined && reviewLeft <= 0) {
    const reason = "the review's time budget ran out before the model judged this file";
    budget.pastDeadline.push(entry.relPath);
    // Not judged is not "ok": the summary's outcome says the stage did not judge every file.
    budget.tally.fail(reason);
    pushReviewWarning(deps, entry, 'incomplete', reason);
    return 'not-run';
  }
  if (budget.unavailable !== undefined) return modelUnavailable(budget, entry, budget.unavailable);
  if (remaining <= 0) {
    const reason = `the model stage used up its time budget (model.timeoutMs: ${deps.config.model.timeoutMs} ms per review)`;
    budget.tally.fail(reason);
    pushReviewWarning(deps, entry, 'incomplete', reason);
    return 'incomplete';
  }
  let client: LlmClient;
  try {
    client = await llm();
  } catch (error) {
    return modelUnavailable(budget, entry, error instanceof Error ? error.message : String(error));
  }
  budget.tally.usedModel(client.description);
  deps.onEvent?.({ type: 'stage', file: entry.relPath, stage: 'model' });
  // Imported here: a review without the model stage never loads the agent.
  const { runModelStage } = await import('./stage.js');
  const outcome = await runModelStage(index, entry.relPath, entry.file, entry.drafts, {
    llm: client,
    maxTurns: deps.config.model.maxTurns,
    maxToolCalls: deps.config.model.maxToolCalls,
    minCandidateScore: deps.config.model.minCandidateScore,
    timeoutMs: remaining,
    reviewBudgetMs: deps.config.model.timeoutMs,
    firstTurnCandidates: deps.config.model.firstTurnCandidates,
    ...(deps.signal ? { signal: deps.signal } : {}),
    severityOf: (rule, proposed) => severityOf(deps.ruleSettings, rule, proposed),
    ...(entry.chunks ? { chunks: entry.chunks } : {}),
    ...(deps.transcript ? { transcript: deps.transcript } : {}),
    onModelLoading: (status) => deps.onEvent?.({ type: 'model-loading', file: entry.relPath, status }),
  });
  budget.tally.add(outcome.stats);
  // Also from an incomplete stage: the findings of the parts of a file the model did judge.
  // A loop, not push(...): a spread of an unbounded list overflows the call stack.
  for (const draft of outcome.drafts) entry.drafts.push(draft);
  if (outcome.status === 'completed') return 'completed';
  // Unreachable, loading, not pulled, no tools: asking again for the next file would only repeat it.
  if (outcome.affectsEveryFile) return modelUnavailable(budget, entry, outcome.reason);
  if (deps.deadline !== undefined && Date.now() >= deps.deadline) budget.pastDeadline.push(entry.relPath);
  budget.tally.fail(outcome.reason);
  pushReviewWarning(deps, entry, 'incomplete', outcome.reason);
  return 'incomplete';
}

/** The model can judge no file of this review: one notice for the review (see `review`), not a warning per file. */
function modelUnavailable(budget: ModelBudget, entry: ParsedFile, reason: string): FileStatus['model'] {
  budget.unavailable = reason;
  budget.unjudged.push(entry.relPath);
  budget.tally.fail(reason);
  return 'incomplete';
}

/** A `review` finding: a stage could not do its part for this file. */
export function pushReviewWarning(deps: ReviewDeps, entry: ParsedFile, messageId: 'incomplete' | 'indexFailed' | 'duplicatesIncomplete', reason: string): void {
  const severity = severityOf(deps.ruleSettings, 'review');
  if (severity === 'off') return;
  const message = catalogMessage('review', messageId, { reason });
  entry.drafts.push({ file: entry.relPath, rule: 'review', severity, source: messageId === 'incomplete' ? 'model' : 'index', message });
}
