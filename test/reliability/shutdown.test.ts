/**
 * SIGTERM to `review-guard serve` (stdio) while a review waits on the model:
 * the server says so on stderr and exits 0 promptly, the store on disk is
 * the last complete save (no lock left held, no store discarded), and the
 * next review on the same root finds everything.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService } from '../../src/pipeline/index.js';
import { INDEX_DIR } from '../../src/pipeline/service.js';
import { fakeOllamaForFile } from '../helpers/fake-ollama.js';
import { waitFor } from '../support/cli.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const startFake = fakeOllamaForFile();

describe('SIGTERM to the stdio server during a review', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  it('exits 0 with a message and leaves a consistent index', async () => {
    // The model never answers in time: the review is in flight when the signal comes.
    const fake = await startFake(() => ({ content: '{"findings":[]}', delayMs: 30_000 }));
    const child = spawn(process.execPath, [CLI_PATH, 'serve', '--root', repo.root], {
      env: { ...process.env, OLLAMA_HOST: fake.url },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    // A 2025-era stdio client, by hand: initialize, initialized, then the review.
    const send = (message: object): boolean => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sigterm', version: '1' } } });
    // Probing the text and the paths, not a boolean: a timeout then shows what did arrive.
    await waitFor(() => stdout, (said) => said.includes('"id":1'), 15_000);
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'review_code', arguments: { files: ['src/handler/settings.ts', 'src/report/messages.ts'] } } });
    await waitFor(() => fake.requests.map((r) => r.path), (paths) => paths.includes('/api/chat'), 15_000);

    const signalled = Date.now();
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    assert.ok(Date.now() - signalled < 5_000, 'exits promptly');
    assert.deepEqual({ code, signal }, { code: 0, signal: null }, stderr);
    assert.match(stderr, /SIGTERM received; stopping/);
    assert.ok(!stdout.includes('"id":2'), 'the cancelled review is not answered as if it completed');

    const files = await readdir(join(repo.root, INDEX_DIR)).catch(() => [] as string[]);
    assert.ok(!files.includes('write.lock'), `no lock left held: ${files.join(', ')}`);
    const service = await createReviewService({ root: repo.root, env: {}, watch: false });
    const result = await service.review({ files: ['src/handler/settings.ts', 'src/report/messages.ts'] }, { model: false });
    service.close();
    assert.ok(result.findings.some((f) => f.rule === 'duplicate' && f.related?.[0]?.file === 'src/config/load.ts'));
    assert.ok(result.findings.some((f) => f.rule === 'max-lines'));
    assert.ok(!(result.summary.notices ?? []).some((n) => /discarded/.test(n)), (result.summary.notices ?? []).join('; '));
  });
});
