/**
 * @fileoverview CodeIndex with the real neural embedders as its semantic
 * signal: Ollama (the fake server, which then goes away) and
 * transformers.js (the tiny BERT model written at test time).
 */
import assert from 'node:assert/strict';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CodeIndex } from '../../indexer/code-index.js';
import { OllamaEmbedder, TransformersEmbedder } from '../../indexer/embedders/neural/index.js';
import { StructuralEmbedder } from '../../indexer/embedders/structural-embedder.js';
import { startFakeOllama } from '../helpers/fake-ollama.js';
import { writeTinyBertModel } from '../helpers/tiny-bert.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';
import { copySmallRepo } from './support.js';

const CHUNKS = 19;
const CODE = 'function total(xs: number[]) {\n  let t = 0;\n  for (const x of xs) t += x;\n  return t;\n}';
const EXTRA = '\nexport function extra(values: number[]): number {\n  const sorted = [...values].sort((a, b) => a - b);\n  return sorted[Math.floor(sorted.length / 2)] ?? 0;\n}\n';

describe('CodeIndex with neural semantic embedders', () => {
  let repo: TempDir;
  beforeEach(async () => {
    repo = await copySmallRepo();
  });
  afterEach(() => repo.remove());

  it('uses Ollama, and goes on with the structure alone when Ollama goes away', async () => {
    const ollama = await startFakeOllama([], { models: ['nomic-embed-text'] });
    const semantic = await OllamaEmbedder.load({ host: ollama.url, model: 'nomic-embed-text' });
    const index = await CodeIndex.open({ root: repo.path, embedder: new StructuralEmbedder(), semantic });
    await index.refresh();
    assert.deepEqual(index.stats().semantic, { embedder: 'ollama:nomic-embed-text', dimensions: 8, vectors: CHUNKS });
    assert.ok((await index.search({ code: CODE, language: 'typescript' }, 3)).every((c) => c.semanticScore !== undefined));

    await ollama.close();
    const fallback = await index.search({ code: CODE, language: 'typescript' }, 3);
    assert.equal(fallback.length, 3);
    assert.ok(fallback.every((c) => c.semanticScore === undefined));
    assert.match(index.stats().notices.at(-1) ?? '', /ollama:nomic-embed-text failed \(.*not reachable.*\); a search used the structural signal alone/);

    await appendFile(join(repo.path, 'src/util/collections.ts'), EXTRA);
    const stats = await index.refresh();
    assert.deepEqual([stats.indexed, stats.chunks], [1, CHUNKS + 1]);
    assert.match(index.stats().notices.at(-1) ?? '', /failed .*; indexing src\/util\/collections\.ts used the structural signal alone/);
    assert.equal(index.stats().semantic?.vectors, CHUNKS + 1 - 5, 'the re-indexed file has no semantic vectors yet');
  });

  it('uses a transformers.js model (tiny BERT), stored and reloaded without re-embedding', async () => {
    const models = await makeTempDir('rg-tiny-bert-index-');
    try {
      await writeTinyBertModel(models.path, 'test/tiny-bert');
      const semantic = await TransformersEmbedder.load({ modelId: 'test/tiny-bert', modelDir: models.path });
      const index = await CodeIndex.open({ root: repo.path, embedder: new StructuralEmbedder(), semantic });
      await index.refresh();
      const results = await index.search({ code: CODE, language: 'typescript' }, 5);
      assert.equal(results.length, 5);
      assert.ok(results.every((c) => c.semanticScore !== undefined && c.semanticScore >= 0 && c.semanticScore <= 1));
      const reopened = await CodeIndex.open({ root: repo.path, embedder: new StructuralEmbedder(), semantic });
      assert.deepEqual(reopened.stats().semantic?.vectors, CHUNKS);
      assert.deepEqual(await reopened.search({ code: CODE, language: 'typescript' }, 5), results);
      await semantic.dispose();
    } finally {
      await models.remove();
    }
  });
});
