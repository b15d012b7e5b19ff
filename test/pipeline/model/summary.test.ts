/**
 * @fileoverview The model line of a review split into several calls (the
 * CLI reviews at most 200 files per call): totals add up, a failure wins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addModelSummaries } from '../../../src/pipeline/model/summary.js';
import type { ModelStageSummary } from '../../../src/pipeline/schemas.js';

const base: ModelStageSummary = {
  outcome: 'ok',
  model: 'qwen3-coder:30b on Ollama at http://127.0.0.1:11434',
  promptVersion: 'review-v1',
  turns: 2,
  toolCalls: 1,
  promptTokens: 100,
  outputTokens: 18,
  elapsedMs: 900,
  droppedDuplicates: 0,
};

describe('addModelSummaries', () => {
  it('adds the totals of two calls', () => {
    const sum = addModelSummaries(base, { ...base, turns: 3, toolCalls: 2, promptTokens: 50, outputTokens: 2, elapsedMs: 100, droppedDuplicates: 1 });
    assert.deepEqual(sum, { ...base, turns: 5, toolCalls: 3, promptTokens: 150, outputTokens: 20, elapsedMs: 1000, droppedDuplicates: 1 });
  });

  it('reports a failure of either call with its reason', () => {
    const failed: ModelStageSummary = { ...base, outcome: 'failed', reason: 'model stage exceeded its 45000 ms budget' };
    assert.deepEqual([addModelSummaries(base, failed).outcome, addModelSummaries(base, failed).reason], ['failed', failed.reason]);
    assert.equal(addModelSummaries(failed, base).reason, failed.reason);
  });
});
