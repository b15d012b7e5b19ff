/**
 * The semantic signal as configured by users: a local transformers.js model
 * directory (here a tiny BERT the test writes) fused with the structural
 * signal, and a clear note — not a failure — when the model is missing.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigSchema } from '../../src/pipeline/config/schema.js';
import { createReviewService } from '../../src/pipeline/index.js';
import { loadSemanticEmbedder } from '../../src/pipeline/semantic.js';
import { writeTinyBertModel } from '../helpers/tiny-bert.js';
import { copySampleRepo, makeTempDir, type SampleRepo } from '../support/sample-repo.js';

describe('semantic signal from the config', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo({
      index: { semantic: { provider: 'transformers', model: 'test/tiny-bert', modelDir: 'models' } },
    });
    await writeTinyBertModel(join(repo.root, 'models'));
  });
  after(() => repo.remove());

  it('indexes with both signals and still reports the structural duplicate', async () => {
    const service = await createReviewService({ root: repo.root });
    const { findings, summary } = await service.review({ files: ['src/handler/settings.ts'] }, { model: false });
    assert.equal(summary.notices, undefined, 'no notice when the model loads');
    const duplicate = findings.find((f) => f.rule === 'duplicate');
    assert.equal(duplicate?.related?.[0]?.symbol, 'loadConfig');
    const vectorFiles = (await readdir(join(repo.root, '.review-guard', 'index'))).filter((f) => /\.(hnsw|flat)$/.test(f));
    assert.equal(vectorFiles.length, 2, 'structural and semantic vectors are stored');
  });

  it('falls back to the structural signal with a note naming the missing model', async () => {
    const missing = await copySampleRepo({
      index: { semantic: { provider: 'transformers', model: 'acme/not-there', modelDir: 'models' } },
    });
    try {
      const service = await createReviewService({ root: missing.root });
      const { findings, summary } = await service.review({ files: ['src/handler/settings.ts'] }, { model: false });
      assert.ok(findings.some((f) => f.rule === 'duplicate'));
      assert.equal(summary.notices?.length, 1);
      assert.match(summary.notices![0]!, /semantic embedder is unavailable.*acme\/not-there/s);
      const again = await service.review({ files: ['src/handler/settings.ts'] }, { model: false });
      assert.equal(again.summary.notices, undefined, 'a note is given once, not on every review');
    } finally {
      await missing.remove();
    }
  });

  it('never downloads through a link leading out of the root, nor into a modelDir outside it', async () => {
    const outside = await makeTempDir('rg-models-outside-');
    const config = ConfigSchema.parse({});
    const semantic = (modelDir: string) => ConfigSchema.parse({ index: { semantic: { provider: 'transformers', model: 'acme/tiny', modelDir, allowDownload: true } } }).index.semantic!;
    try {
      await mkdir(join(repo.root, '.review-guard', 'models'), { recursive: true });
      await symlink(outside.path, join(repo.root, '.review-guard', 'models', 'acme'));
      await assert.rejects(
        loadSemanticEmbedder(semantic('.review-guard/models'), config, repo.root, {}),
        /^WorkspaceLinkError: `\.review-guard\/models\/acme` is a symlink to a folder outside the workspace root; review-guard does not read or write through it/,
      );
      await assert.rejects(loadSemanticEmbedder(semantic(outside.path), config, repo.root, {}), /modelDir ".*" is outside the workspace root, and review-guard downloads only into the workspace/);
      assert.deepEqual(await readdir(outside.path), []);
    } finally {
      await rm(join(repo.root, '.review-guard', 'models'), { recursive: true, force: true });
      await outside.remove();
    }
  });

  it('rejects an unknown provider with the key named', async () => {
    const bad = await copySampleRepo({ index: { semantic: { provider: 'openai', model: 'x' } } });
    try {
      await assert.rejects(createReviewService({ root: bad.root }), /"index\.semantic\.provider"/);
    } finally {
      await bad.remove();
    }
  });
});
