/**
 * A model server that fails in the ways real ones do — dies mid-reply,
 * drops the connection, answers too slowly, sends garbage or a huge body —
 * against the real review service and Ollama client. Every time: the review
 * completes within its budget, the rule and index findings are all there,
 * the failure is named (once per file, or once per review when it is the
 * connection that failed: the next file would meet it too), and the index
 * is saved and usable.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MAX_REPLY_BYTES } from '../../models/ollama-http.js';
import { createReviewService, type ReviewService } from '../../src/pipeline/index.js';
import { INDEX_DIR } from '../../src/pipeline/service.js';
import { fakeOllamaForFile, type FakeReply } from '../helpers/fake-ollama.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const startFake = fakeOllamaForFile();
const REVIEWED = ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts'];

// The connection failing (reset, closed mid-reply) is a transport fault: said once for the review.
const TRANSPORT = new Set(['dies in the middle of a reply', 'drops the connection']);

const faults: Array<[string, FakeReply, RegExp]> = [
  ['dies in the middle of a reply', { truncated: true }, /unreadable reply|terminated|closed|reset/i],
  ['drops the connection', { drop: true }, /not reachable|reset|socket|closed/i],
  ['answers more slowly than model.requestTimeoutMs', { content: '{"findings":[]}', delayMs: 5_000 }, /sent nothing for 1000 ms \(model\.requestTimeoutMs bounds the silence within a turn\)/],
  ['answers with an HTML page', { raw: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' }, /unreadable reply/],
  ['answers JSON without a chat message', { raw: '{"message": 42, "done": true}' }, /without a chat message/],
  ['streams a body far over the size limit', { hugeBytes: MAX_REPLY_BYTES + 24 * 1024 * 1024 }, new RegExp(`over ${MAX_REPLY_BYTES} bytes`)],
];

describe('model server faults', () => {
  for (const [name, reply, reason] of faults) {
    describe(`when it ${name}`, () => {
      let repo: SampleRepo;
      let service: ReviewService;
      let fake: Awaited<ReturnType<typeof startFake>>;
      before(async () => {
        fake = await startFake(() => reply);
        repo = await copySampleRepo({
          rules: { 'max-lines': ['error', { max: 250 }], naming: 'warning' },
          model: { host: fake.url, requestTimeoutMs: 1000, timeoutMs: 4000, retries: 0 },
        });
        service = await createReviewService({ root: repo.root, env: {}, watch: false });
      });
      after(async () => {
        service.close();
        await repo.remove();
      });

      it('delivers every deterministic finding and names the failure', async () => {
        const started = Date.now();
        const { findings, summary } = await service.review({ files: REVIEWED });
        assert.ok(Date.now() - started < 8_000, 'within the model budget');
        assert.ok(findings.some((f) => f.rule === 'max-lines' && f.file === 'src/report/messages.ts'));
        assert.ok(findings.filter((f) => f.rule === 'naming').length >= 6);
        assert.ok(findings.some((f) => f.rule === 'duplicate' && f.source === 'index' && f.symbol === 'parseSettings'));
        assert.equal(summary.model?.outcome, 'failed');
        assert.match(summary.model?.reason ?? '', reason);
        const warnings = findings.filter((f) => f.rule === 'review' && f.source === 'model');
        if (TRANSPORT.has(name)) {
          assert.deepEqual(warnings, []);
          const notices = (summary.notices ?? []).filter((n) => n.startsWith(`the model did not judge ${REVIEWED.length} file(s)`));
          assert.equal(notices.length, 1, 'one notice for the review');
          assert.match(notices[0] ?? '', reason);
        } else {
          assert.equal(warnings.length, REVIEWED.length, 'one warning per file, not a crash');
        }
        assert.ok(summary.files.every((f) => f.status === 'reviewed' && f.model === 'incomplete'));
      });

      it('leaves a saved, searchable index', async () => {
        assert.ok(existsSync(join(repo.root, INDEX_DIR, 'meta.json')));
        const reopened = await createReviewService({ root: repo.root, env: {}, watch: false });
        const { findings } = await reopened.review({ files: ['src/handler/settings.ts'] }, { model: false });
        reopened.close();
        assert.ok(findings.some((f) => f.rule === 'duplicate' && f.related?.[0]?.file === 'src/config/load.ts'));
      });
    });
  }

  it('stops reading a huge body instead of buffering it', async () => {
    const fake = await startFake(() => ({ hugeBytes: 200 * 1024 * 1024 }));
    const repo = await copySampleRepo({ model: { host: fake.url, requestTimeoutMs: 30_000, timeoutMs: 30_000 } });
    const service = await createReviewService({ root: repo.root, env: {}, watch: false });
    const heapBefore = process.memoryUsage().heapUsed;
    const { summary } = await service.review({ files: ['src/util/strings.ts'] });
    const grown = process.memoryUsage().heapUsed - heapBefore;
    service.close();
    await repo.remove();
    assert.match(summary.model?.reason ?? '', /over \d+ bytes/);
    // 200 MiB offered; the client holds at most the limit (as a string, twice that) before it gives up.
    assert.ok(grown < 3 * MAX_REPLY_BYTES, `heap grew by ${Math.round(grown / 1e6)} MB`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(fake.requests.some((r) => r.path === '/api/chat' && r.aborted), 'the client hung up');
  });
});
