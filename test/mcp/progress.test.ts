/**
 * @fileoverview Review events as progress steps, as progress notifications
 * and a task's status show them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { progressTracker } from '../../src/mcp/progress.js';

describe('progressTracker', () => {
  it("says the model is loading, after 'asking the model' and before the next file", () => {
    const track = progressTracker(2);
    const steps = [
      track({ type: 'duplicates', total: 2 }),
      track({ type: 'file', file: 'src/a.ts', index: 0, total: 2 }),
      track({ type: 'stage', file: 'src/a.ts', stage: 'model' }),
      track({ type: 'model-loading', file: 'src/a.ts', status: 'loading qwen3-coder:30b (first use, estimated ~38 s)' }),
      track({ type: 'file', file: 'src/b.ts', index: 1, total: 2 }),
    ];
    assert.deepEqual(
      steps.map((s) => s?.message),
      ['searching duplicates across 2 file(s)', 'file 1/2: src/a.ts', 'file 1/2: asking the model', 'file 1/2: loading qwen3-coder:30b (first use, estimated ~38 s)', 'file 2/2: src/b.ts'],
    );
    const progress = steps.map((s) => s?.progress ?? 0);
    assert.deepEqual([...progress].sort((a, b) => a - b), progress, 'only increasing');
  });
});
