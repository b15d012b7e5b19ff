/**
 * The review service as adapters use it: batches with bad entries, the
 * index stage's deterministic duplicates, and how the model stage adds to
 * (and can never take away from) the deterministic findings.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService, UserError } from '../../src/pipeline/index.js';
import { startFakeOllama, type FakeReply } from '../helpers/fake-ollama.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

describe('review service', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  it('reports a renamed copy as a duplicate from the index, without a model', async () => {
    const service = await createReviewService({ root: repo.root });
    const { findings } = await service.review({ files: ['src/handler/settings.ts'] }, { model: false });
    const duplicate = findings.find((f) => f.rule === 'duplicate');
    assert.ok(duplicate);
    assert.equal(duplicate.source, 'index');
    assert.equal(duplicate.symbol, 'parseSettings');
    assert.equal(duplicate.line, 5);
    assert.equal(duplicate.related?.[0]?.file, 'src/config/load.ts');
    assert.equal(duplicate.related?.[0]?.symbol, 'loadConfig');
    assert.ok((duplicate.related?.[0]?.score ?? 0) >= 0.95);
    assert.match(duplicate.suggestion ?? '', /call loadConfig from src\/config\/load\.ts:13/);
  });

  it('reviews the good entries of a batch and says why the others were not', async () => {
    const service = await createReviewService({ root: repo.root });
    await writeFile(join(repo.root, 'notes.txt'), 'not code');
    const { summary, findings } = await service.review(
      { files: ['src/missing.ts', '../escape.ts', 'notes.txt', 'src/report/messages.ts'] },
      { model: false },
    );
    assert.deepEqual(
      summary.files.map((f) => [f.file, f.status]),
      [
        ['src/missing.ts', 'error'],
        ['../escape.ts', 'error'],
        ['notes.txt', 'skipped'],
        ['src/report/messages.ts', 'reviewed'],
      ],
    );
    assert.ok(findings.some((f) => f.rule === 'max-lines' && f.file === 'src/report/messages.ts'));
  });

  it('keeps fingerprints stable when lines shift above a finding', async () => {
    const service = await createReviewService({ root: repo.root });
    const before = await service.review({ files: ['src/handler/http-handler.ts'] }, { model: false });
    const path = join(repo.root, 'src', 'handler', 'http-handler.ts');
    const { readFile } = await import('node:fs/promises');
    const original = await readFile(path, 'utf8');
    await writeFile(path, `// a new header comment\n\n${original}`);
    const afterShift = await service.review({ files: ['src/handler/http-handler.ts'] }, { model: false });
    await writeFile(path, original);
    assert.deepEqual(
      afterShift.findings.map((f) => f.fingerprint),
      before.findings.map((f) => f.fingerprint),
    );
    assert.notDeepEqual(
      afterShift.findings.map((f) => f.line),
      before.findings.map((f) => f.line),
    );
  });

  it('drops a model duplicate that names code the index never returned', async () => {
    const invented: FakeReply = {
      content: JSON.stringify({
        findings: [
          { rule: 'duplicate', severity: 'error', message: 'copies formatDate from src/util/dates.ts', related: { file: 'src/util/dates.ts', symbol: 'formatDate' } },
          { rule: 'responsibility', severity: 'warning', message: 'titleCase also trims input', symbol: 'titleCase' },
        ],
      }),
    };
    const ollama = await startFakeOllama(() => invented);
    try {
      const service = await createReviewService({ root: repo.root, env: { OLLAMA_HOST: ollama.url } });
      const { findings, summary } = await service.review({ files: ['src/util/strings.ts'] });
      assert.equal(summary.files[0]?.model, 'completed');
      assert.deepEqual(findings.map((f) => [f.rule, f.source]), [['responsibility', 'model']]);
    } finally {
      await ollama.close();
    }
  });

  it('asks a model that is not pulled once per review, not once per file', async () => {
    const ollama = await startFakeOllama([], { models: ['some-other-model'] });
    try {
      const service = await createReviewService({ root: repo.root, env: { OLLAMA_HOST: ollama.url } });
      const { findings, summary } = await service.review({ files: ['src/util/strings.ts', 'src/config/load.ts'] });
      assert.deepEqual(findings.filter((f) => f.rule === 'review'), []);
      const notices = summary.notices?.filter((n) => /ollama pull qwen3-coder:30b/.test(n)) ?? [];
      assert.equal(notices.length, 1);
      assert.match(notices[0]!, /^the model did not judge 2 file\(s\)/);
      // /api/show answers the 404 before any chat is sent.
      assert.equal(ollama.requests.filter((r) => r.path === '/api/show').length, 1);
      assert.equal(ollama.chatRequests().length, 0);
    } finally {
      await ollama.close();
    }
  });

  it('tells the next review when package.json settings are ignored for the config file', async () => {
    const both = await copySampleRepo();
    try {
      await writeFile(join(both.root, 'package.json'), JSON.stringify({ name: 'sample', reviewGuard: { model: { enabled: true } } }));
      const service = await createReviewService({ root: both.root, watch: false });
      const first = await service.review({ files: ['src/util/strings.ts'] }, { model: false });
      assert.equal(first.summary.notices?.length, 1);
      assert.match(first.summary.notices![0]!, /^both review-guard\.config\.json and package\.json "reviewGuard" hold settings/);
      const second = await service.review({ files: ['src/util/strings.ts'] }, { model: false });
      assert.equal(second.summary.notices, undefined, 'said once');
    } finally {
      await both.remove();
    }
  });

  it('reports an index it cannot write as a user error, for every adapter (CLI index, MCP refresh_index)', async () => {
    const broken = await copySampleRepo();
    try {
      await writeFile(join(broken.root, '.review-guard'), 'a file where the index folder should be');
      const service = await createReviewService({ root: broken.root, watch: false });
      await assert.rejects(service.updateIndex({ rebuild: true }), (error: Error) => {
        assert.ok(error instanceof UserError, `${error.name}: ${error.message}`);
        assert.match(error.message, /the index under .* could not be written/);
        return true;
      });
    } finally {
      await broken.remove();
    }
  });
});
