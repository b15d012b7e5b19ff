/**
 * The in-memory task store: unguessable ids, a task that exists as soon as
 * create resolves, terminal states that never change, purging by TTL.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InMemoryTaskStore } from '../../../src/mcp/tasks/task-store.js';

describe('InMemoryTaskStore', () => {
  const init = { ttlMs: 1000, pollIntervalMs: 100, statusMessage: 'starting' };

  it('gives each task a random UUID and finds it as soon as create resolves', async () => {
    const store = new InMemoryTaskStore();
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const task = await store.create(init);
      assert.match(task.taskId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal((await store.get(task.taskId))?.status, 'working');
      ids.add(task.taskId);
    }
    assert.equal(ids.size, 50);
    store.close();
  });

  it('never moves a finished task again and stamps lastUpdatedAt on changes', async () => {
    let now = Date.parse('2026-11-30T08:00:00Z');
    const store = new InMemoryTaskStore({ now: () => now });
    const task = await store.create(init);
    now += 10;
    const done = await store.update(task.taskId, { status: 'completed', result: { content: [] } });
    assert.equal(done?.lastUpdatedAt, '2026-11-30T08:00:00.010Z');
    const after = await store.update(task.taskId, { status: 'cancelled', statusMessage: 'late' });
    assert.equal(after?.status, 'completed');
    assert.notEqual(after?.statusMessage, 'late');
    store.close();
  });

  it('keeps input requests only while input is required', async () => {
    const store = new InMemoryTaskStore();
    const task = await store.create(init);
    await store.update(task.taskId, { status: 'input_required', inputRequests: { q1: { method: 'elicitation/create' } } });
    assert.ok((await store.get(task.taskId))?.inputRequests);
    await store.update(task.taskId, { status: 'working' });
    assert.equal((await store.get(task.taskId))?.inputRequests, undefined);
    store.close();
  });

  it('purges tasks whose ttlMs from creation has passed', async () => {
    let now = 1_000_000;
    const store = new InMemoryTaskStore({ now: () => now });
    const old = await store.create(init);
    now += 600;
    const young = await store.create(init);
    now += 500;
    assert.equal(store.purge(), 1);
    assert.equal(await store.get(old.taskId), undefined);
    assert.ok(await store.get(young.taskId));
    now += 600;
    assert.equal(await store.get(young.taskId), undefined, 'an expired task is also dropped on access');
    store.close();
  });
});
