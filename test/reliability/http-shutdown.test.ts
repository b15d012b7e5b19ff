/**
 * SIGTERM to `review-guard serve --http` while a review runs as a task and
 * waits on a slow model: the process exits 0 promptly, the in-memory task
 * store goes with it (a restarted server does not know the task), and the
 * index on disk is consistent — no lock held, reopened and searched. In
 * process, the stop sequence marks a running task cancelled, saying why.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService } from '../../src/pipeline/index.js';
import { INDEX_DIR } from '../../src/pipeline/service.js';
import { fakeOllamaForFile } from '../helpers/fake-ollama.js';
import { startHarness } from '../mcp/harness.js';
import { startServeHttp, waitFor } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';
import { rpc } from './http-support.js';

const startFake = fakeOllamaForFile();
const FILES = ['src/handler/settings.ts', 'src/report/messages.ts'];
const TASK_CONFIG = { mcp: { taskThreshold: 1 } };

describe('SIGTERM to serve --http during a task', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo(TASK_CONFIG);
  });
  after(() => repo.remove());

  it('exits 0 promptly, forgets the task and leaves a consistent index', async () => {
    const fake = await startFake(() => ({ content: '{"findings":[]}', delayMs: 30_000 }));
    const server = await startServeHttp(repo.root, { OLLAMA_HOST: fake.url });
    const created = await rpc(server.url, 'tools/call', { name: 'review_code', arguments: { files: FILES } }, { tasks: true });
    assert.equal(created.reply.result?.['resultType'], 'task', JSON.stringify(created.reply).slice(0, 300));
    const taskId = String(created.reply.result?.['taskId']);
    await waitFor(async () => fake.turnRecords().length > 0, Boolean, 15_000);
    const { reply: working } = await rpc(server.url, 'tasks/get', { taskId }, { tasks: true });
    assert.equal(working.result?.['status'], 'working');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    assert.ok(Date.now() - signalled < 5_000, `exits promptly (${Date.now() - signalled} ms)`);
    assert.deepEqual({ code, signal }, { code: 0, signal: null }, server.stderr());
    assert.match(server.stderr(), /SIGTERM received; stopping/);
    assert.equal(fake.turnRecords().at(-1)?.aborted, true, 'the model request in flight was dropped');

    const files = await readdir(join(repo.root, INDEX_DIR)).catch(() => [] as string[]);
    assert.ok(!files.includes('write.lock'), `no lock left held: ${files.join(', ')}`);
    assert.ok(!files.some((f) => f.startsWith('.review-guard-tmp-')), `no temp files: ${files.join(', ')}`);

    // The task store lived in the process: a new server does not know the task.
    const restarted = await startServeHttp(repo.root, { OLLAMA_HOST: fake.url });
    try {
      const { reply: gone } = await rpc(restarted.url, 'tasks/get', { taskId }, { tasks: true });
      assert.equal(gone.error?.code, -32602);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
    const service = await createReviewService({ root: repo.root, env: {}, watch: false });
    try {
      const result = await service.review({ files: FILES }, { model: false });
      assert.ok(result.findings.some((f) => f.rule === 'duplicate' && f.related?.[0]?.file === 'src/config/load.ts'), 'the index answers searches');
      assert.ok(!(result.summary.notices ?? []).some((n) => /discarded/.test(n)), (result.summary.notices ?? []).join('; '));
    } finally {
      service.close();
    }
  });

  it('stopping marks a running task cancelled, naming the shutdown', async () => {
    const h = await startHarness({ config: TASK_CONFIG, script: () => ({ content: '{"findings":[]}', delayMs: 30_000 }) });
    try {
      const created = await h.raw('tools/call', { name: 'review_code', arguments: { files: FILES } }, { tasks: true });
      const taskId = String(created.result?.['taskId']);
      await waitFor(async () => h.ollama.turnRecords().length > 0, Boolean);
      await h.tasks.close();
      const task = await h.store.get(taskId);
      assert.equal(task?.status, 'cancelled');
      assert.match(task?.statusMessage ?? '', /^the server is shutting down; /);
    } finally {
      await h.close();
    }
  });
});
