/**
 * @fileoverview CodeIndex upkeep: compaction of a vector index that lost
 * most of its vectors, and progress calls at a bounded rate with one final
 * call.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CodeIndex } from '../../indexer/code-index.js';
import { FlatIndex } from '../../indexer/vectors/flat-index.js';
import { HnswIndex } from '../../indexer/vectors/hnsw-index.js';
import { ProgressReporter } from '../../indexer/progress.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';
import { copySmallRepo, CountingEmbedder, KeywordEmbedder } from './support.js';

const FILES = 8;
const CHUNKS = 19;

/** `count` distinct functions of one file. */
function manyFunctions(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `export function f${i}(values: number[]): number {\n  const picked = values.filter((v) => v > ${i});\n  return picked.length * ${i};\n}\n`,
  ).join('\n');
}

describe('CodeIndex upkeep', () => {
  let repo: TempDir;
  const storeDir = (): string => join(repo.path, '.review-guard', 'index');
  /** The stored vector indexes (structural: flat at this size; semantic: HNSW), loaded with the catalog's labels. */
  async function storedVectors(): Promise<{ structural: FlatIndex; semantic: HnswIndex }> {
    const meta = JSON.parse(await readFile(join(storeDir(), 'meta.json'), 'utf8')) as {
      vectorFile: string;
      vectorKind: string;
      semantic: { vectorFile: string; dimensions: number };
      files: Record<string, { chunks: { label: number }[] }>;
    };
    const labels = Object.values(meta.files).flatMap((f) => f.chunks.map((c) => c.label));
    assert.equal(meta.vectorKind, 'flat');
    return {
      structural: await FlatIndex.load(join(storeDir(), meta.vectorFile), 512, labels),
      semantic: await HnswIndex.load(join(storeDir(), meta.semantic.vectorFile), meta.semantic.dimensions, labels),
    };
  }

  beforeEach(async () => {
    repo = await copySmallRepo();
  });
  afterEach(() => repo.remove());

  it('compacts both vector indexes on save when most of their slots are deleted', async () => {
    await writeFile(join(repo.path, 'src/many.ts'), manyFunctions(400));
    const embedder = new CountingEmbedder();
    const semantic = new KeywordEmbedder();
    const index = await CodeIndex.open({ root: repo.path, embedder, semantic });
    assert.equal((await index.refresh()).chunks, CHUNKS + 400);
    await rm(join(repo.path, 'src/many.ts'));
    embedder.embedded = 0;
    assert.equal((await index.refresh()).removed, 1);
    assert.equal(embedder.embedded, 0, 'compaction re-embeds nothing');
    const { structural, semantic: semanticVectors } = await storedVectors();
    assert.equal(structural.size, CHUNKS);
    assert.deepEqual([semanticVectors.size, semanticVectors.deletedSlots, semanticVectors.capacity], [CHUNKS, 0, 1024]);
    const reopened = await CodeIndex.open({ root: repo.path, embedder, semantic });
    const query = reopened.readCode('src/config/load-config.ts#loadConfig')!.chunk;
    assert.deepEqual((await reopened.search({ chunk: query }, 2)).map((c) => c.score), [1, 1]);
  });

  it('keeps deleted slots below the threshold (they are reused by later adds)', async () => {
    await writeFile(join(repo.path, 'src/many.ts'), manyFunctions(100));
    const index = await CodeIndex.open({ root: repo.path, embedder: new CountingEmbedder(), semantic: new KeywordEmbedder() });
    await index.refresh();
    await rm(join(repo.path, 'src/many.ts'));
    await index.refresh();
    const { structural, semantic } = await storedVectors();
    assert.equal(structural.size, CHUNKS, 'a flat file holds the live vectors only');
    assert.deepEqual([semantic.size, semantic.deletedSlots], [CHUNKS, 100]);
  });

  it('reports progress at a bounded rate, and always once at the end', async () => {
    const index = await CodeIndex.open({ root: repo.path, embedder: new CountingEmbedder() });
    const calls: [number, number][] = [];
    await index.refresh({ onProgress: (done, total) => calls.push([done, total]), progressIntervalMs: 60_000 });
    assert.deepEqual(calls, [[FILES, FILES]]);
    calls.length = 0;
    await index.refresh({ onProgress: (done, total) => calls.push([done, total]), progressIntervalMs: 0 });
    assert.deepEqual(calls, Array.from({ length: FILES }, (_, i) => [i + 1, FILES]));

    const empty = await makeTempDir();
    try {
      await mkdir(join(empty.path, 'src'));
      calls.length = 0;
      await (await CodeIndex.open({ root: empty.path, embedder: new CountingEmbedder() })).refresh((done, total) => calls.push([done, total]));
      assert.deepEqual(calls, [[0, 0]]);
    } finally {
      await empty.remove();
    }
  });

  it('limits progress calls to one per interval', () => {
    let now = 0;
    const calls: number[] = [];
    const progress = new ProgressReporter((done) => calls.push(done), 1000, 100, () => now);
    for (let done = 1; done <= 1000; done++) {
      now += 1; // 1 ms per file
      progress.update(done);
    }
    progress.finish();
    // 1 s of work: every 100 ms, the last one at the end.
    assert.deepEqual(calls, [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });
});
