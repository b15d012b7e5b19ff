/**
 * @fileoverview The model stage's line in the review summary: added up over
 * the files of one review, with the first reason it failed, so a host or a
 * person sees whether the model judged anything and what it cost.
 */
import { PROMPT_VERSION } from '../../../models/prompts.js';
import type { ModelStageStats } from './stage.js';
import type { ModelStageSummary } from '../schemas.js';

/** Collects what the model stage did for each file of one review. */
export class ModelStageTally {
  private readonly totals = { turns: 0, toolCalls: 0, promptTokens: 0, outputTokens: 0, elapsedMs: 0, droppedDuplicates: 0 };
  private failure: string | undefined;
  private model: string | undefined;

  /** The client the stage used, e.g. "qwen3-coder:30b on Ollama at http://127.0.0.1:11434". */
  usedModel(description: string): void {
    this.model = description;
  }

  /** What one file's run used. */
  add(stats: ModelStageStats): void {
    for (const key of Object.keys(this.totals) as (keyof typeof this.totals)[]) this.totals[key] += stats[key];
  }

  /** A file the model did not judge; the first reason is the one reported. */
  fail(reason: string): void {
    this.failure ??= reason;
  }

  /** The summary entry; `enabled: false` when the review ran without the model stage. */
  summary(enabled: boolean): ModelStageSummary {
    const outcome = !enabled ? 'skipped' : this.failure !== undefined ? 'failed' : 'ok';
    const reason = !enabled ? 'the model stage is off (--no-model or model.enabled: false)' : this.failure;
    return {
      outcome,
      ...(reason !== undefined ? { reason } : {}),
      ...(this.model !== undefined ? { model: this.model } : {}),
      promptVersion: PROMPT_VERSION,
      ...this.totals,
    };
  }
}

/** Two reviews' model lines as one (a CLI run split into several calls): totals added, the first failure kept. */
export function addModelSummaries(a: ModelStageSummary, b: ModelStageSummary): ModelStageSummary {
  const outcome = a.outcome === 'failed' || b.outcome === 'failed' ? 'failed' : a.outcome === 'ok' || b.outcome === 'ok' ? 'ok' : 'skipped';
  const reason = outcome === 'failed' ? (a.outcome === 'failed' ? a.reason : b.reason) : a.reason;
  const model = a.model ?? b.model;
  return {
    outcome,
    ...(reason !== undefined ? { reason } : {}),
    ...(model !== undefined ? { model } : {}),
    promptVersion: a.promptVersion,
    turns: a.turns + b.turns,
    toolCalls: a.toolCalls + b.toolCalls,
    promptTokens: a.promptTokens + b.promptTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    elapsedMs: a.elapsedMs + b.elapsedMs,
    droppedDuplicates: a.droppedDuplicates + b.droppedDuplicates,
  };
}
