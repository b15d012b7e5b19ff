/**
 * The task manager's cap (`mcp.maxTasks`): starts that arrive together are
 * counted before their store write, so no more than the cap run, and a
 * finished task frees its slot.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UserError } from '../../../src/pipeline/index.js';
import { TaskManager } from '../../../src/mcp/tasks/task-manager.js';
import { InMemoryTaskStore } from '../../../src/mcp/tasks/task-store.js';

const SETTINGS = { ttlMs: 60_000, pollIntervalMs: 1000, maxRunning: 2 };

describe('TaskManager cap', () => {
  it('runs at most maxRunning tasks when five start at once, refusing the rest as busy; an ended task frees its slot', async () => {
    const store = new InMemoryTaskStore();
    const tasks = new TaskManager(store);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const work = async () => {
      await held;
      return { result: { content: [] }, summary: 'done' };
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => tasks.start('starting', SETTINGS, work)));
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 2);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      assert.ok(outcome.reason instanceof UserError);
      assert.match(outcome.reason.message, /^the server is busy: 2 task\(s\) running \(mcp\.maxTasks 2\)/);
    }
    finish();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await tasks.start('starting', SETTINGS, work);
    assert.equal(again.status, 'working');
    await tasks.close();
    store.close();
  });
});
