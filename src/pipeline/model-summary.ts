/**
 * @fileoverview The model stage's line in the review summary: added up over
 * the files of one review, with the first reason it failed, so a host or a
 * person sees whether the model judged anything and what it cost.
 */
import { PROMPT_VERSION } from '../../models/prompts.js';
import type { ModelStageStats } from './model-stage.js';
import type { ModelStageSummary } from './schemas.js';

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
