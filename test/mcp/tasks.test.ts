/**
 * The Tasks extension path, over raw JSON-RPC as a 2026-07-28 client sends
 * it: a 12-file review becomes a task only when the request declares the
 * extension, its status messages say what is happening, the result comes
 * from tasks/get, cancelling halfway stops the model traffic, expired tasks
 * are gone, and the extension's error codes are kept.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '../support/cli.js';
import { startHarness, type Harness, type JsonRpcReply } from './harness.js';

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

async function startTaskReview(h: Harness, files: readonly string[]): Promise<string> {
  const reply = await h.raw('tools/call', { name: 'review_code', arguments: { files } }, { tasks: true });
  assert.equal(reply.error, undefined, JSON.stringify(reply.error));
  assert.equal(reply.result?.['resultType'], 'task');
  return String(reply.result?.['taskId']);
}

function getTask(h: Harness, taskId: string): Promise<JsonRpcReply> {
  return h.raw('tasks/get', { taskId }, { tasks: true });
}

describe('review_code as a task (io.modelcontextprotocol/tasks)', () => {
  let h: Harness;
  let clock = 0;
  before(async () => {
    h = await startHarness({
      extraFiles: 12,
      script: () => ({ content: '{"findings":[]}', delayMs: 120 }),
      config: { mcp: { taskThreshold: 3, taskTtlMs: 60_000, taskPollIntervalMs: 500 } },
      store: { now: () => Date.now() + clock },
    });
  });
  after(() => h.close());

  it('creates a task for 12 files, reports at least three distinct status messages and returns the result via tasks/get', async () => {
    const reply = await h.raw('tools/call', { name: 'review_code', arguments: { files: h.extraFiles } }, { tasks: true });
    const handle = reply.result ?? {};
    assert.equal(handle['resultType'], 'task');
    assert.equal(handle['status'], 'working');
    assert.match(String(handle['taskId']), /^[0-9a-f-]{36}$/);
    assert.equal(handle['ttlMs'], 60_000);
    assert.equal(handle['pollIntervalMs'], 500);
    assert.ok(!Number.isNaN(Date.parse(String(handle['createdAt']))));
    assert.match(String(handle['statusMessage']), /12 file\(s\), task threshold 3: reviewed as a task/);
    const taskId = String(handle['taskId']);

    const seen = new Set<string>();
    const done = await waitFor(
      () => getTask(h, taskId),
      (r) => {
        seen.add(String(r.result?.['statusMessage']));
        return TERMINAL.has(String(r.result?.['status']));
      },
    );
    assert.equal(done.result?.['status'], 'completed');
    assert.equal(done.result?.['resultType'], 'complete');
    const fileSteps = [...seen].filter((m) => /^file \d+\/12: /.test(m));
    assert.ok(fileSteps.length >= 3, `at least three distinct file steps; saw ${[...seen].join(' | ')}`);
    const result = done.result?.['result'] as { structuredContent: { summary: { files: { model: string }[] } }; isError: boolean };
    assert.equal(result.isError, false);
    assert.equal(result.structuredContent.summary.files.length, 12);
    assert.ok(result.structuredContent.summary.files.every((f) => f.model === 'completed'));
    assert.match(String(done.result?.['statusMessage']), /^completed: /);
  });

  it('answers synchronously when the request does not declare the extension, and says why', async () => {
    const reply = await h.raw('tools/call', { name: 'review_code', arguments: { files: h.extraFiles.slice(0, 5) } });
    assert.equal(reply.result?.['resultType'], 'complete');
    assert.ok(reply.result?.['structuredContent']);
    const execution = (reply.result?.['_meta'] as Record<string, { mode: string; reason: string }>)['review-guard/execution'];
    assert.equal(execution?.mode, 'sync');
    assert.match(execution?.reason ?? '', /does not declare the io\.modelcontextprotocol\/tasks extension/);
  });

  it('answers synchronously at or below the threshold even when the extension is declared', async () => {
    const reply = await h.raw('tools/call', { name: 'review_code', arguments: { files: h.extraFiles.slice(0, 3) } }, { tasks: true });
    assert.equal(reply.result?.['resultType'], 'complete');
  });

  it('cancels halfway: the task ends cancelled and the model gets no more requests', async () => {
    const taskId = await startTaskReview(h, h.extraFiles);
    await waitFor(() => getTask(h, taskId), (r) => /^file ([4-9]|1[01])\/12/.test(String(r.result?.['statusMessage'])));
    const ack = await h.raw('tasks/cancel', { taskId }, { tasks: true });
    assert.equal(ack.error, undefined);
    assert.equal(ack.result?.['resultType'], 'complete');
    const final = await waitFor(() => getTask(h, taskId), (r) => TERMINAL.has(String(r.result?.['status'])));
    assert.equal(final.result?.['status'], 'cancelled');
    assert.equal(final.result?.['result'], undefined);
    // A request aborted in transit is recorded when its body arrives: let those land before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const atCancel = h.ollama.chatRequests().length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(h.ollama.chatRequests().length, atCancel, 'no model request after the task stopped');
    assert.equal(h.ollama.turnRecords().at(-1)?.aborted, true, 'the in-flight request was aborted');
  });

  it('acknowledges a cancel of a finished task and leaves it completed', async () => {
    const taskId = await startTaskReview(h, h.extraFiles.slice(0, 4));
    await waitFor(() => getTask(h, taskId), (r) => TERMINAL.has(String(r.result?.['status'])));
    const ack = await h.raw('tasks/cancel', { taskId }, { tasks: true });
    assert.equal(ack.error, undefined);
    assert.equal((await getTask(h, taskId)).result?.['status'], 'completed');
  });

  it('forgets a task once its ttlMs has passed', async () => {
    const taskId = await startTaskReview(h, h.extraFiles.slice(0, 4));
    await waitFor(() => getTask(h, taskId), (r) => TERMINAL.has(String(r.result?.['status'])));
    clock += 60_001;
    try {
      const reply = await getTask(h, taskId);
      assert.equal(reply.error?.code, -32602);
      assert.match(reply.error?.message ?? '', /expired/);
    } finally {
      clock = 0;
    }
  });

  it('refuses tasks/* with -32021 when the request does not declare the extension', async () => {
    const taskId = await startTaskReview(h, h.extraFiles.slice(0, 4));
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
      const reply = await h.raw(method, { taskId, ...(method === 'tasks/update' ? { inputResponses: {} } : {}) });
      assert.equal(reply.error?.code, -32021, `${method}: ${JSON.stringify(reply)}`);
      assert.deepEqual((reply.error?.data as { requiredCapabilities: unknown }).requiredCapabilities, {
        extensions: { 'io.modelcontextprotocol/tasks': {} },
      });
    }
  });

  it('answers -32602 for a task id it does not know', async () => {
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
      const reply = await h.raw(method, { taskId: 'no-such-task', ...(method === 'tasks/update' ? { inputResponses: {} } : {}) }, { tasks: true });
      assert.equal(reply.error?.code, -32602, `${method}: ${JSON.stringify(reply)}`);
    }
  });
});
