/**
 * @fileoverview FlatIndex and vector kinds: exact cosine ranking, removal
 * and slot reuse, persistence, conversion between flat and HNSW, and stores
 * written with either kind (or by an earlier version, without a kind)
 * loading.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Catalog, type ChunkRecord, type FileRecord } from '../../indexer/catalog.js';
import { FlatIndex } from '../../indexer/flat-index.js';
import { HnswIndex } from '../../indexer/hnsw-index.js';
import { IndexStore, type StoreIdentity } from '../../indexer/store.js';
import { FLAT_MAX_VECTORS, FLAT_RETURN_VECTORS, fitted, preferredKind } from '../../indexer/vector-kind.js';
import { makeTempDir, type TempDir } from './support.js';

const DIMS = 16;

/** A deterministic pseudo-random vector (not normalised). */
function vector(seed: number, dims = DIMS): Float32Array {
  let x = seed * 2654435761 + 1;
  return Float32Array.from({ length: dims }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 1073741824 - 1;
  });
}

/** Exact cosine ranking, best first (ties by label). */
function exact(vectors: Map<number, Float32Array>, query: Float32Array, k: number): number[] {
  const norm = (v: Float32Array): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  const cos = (v: Float32Array): number => v.reduce((s, x, i) => s + x * query[i]!, 0) / (norm(v) * norm(query));
  return [...vectors]
    .map(([label, v]) => ({ label, score: cos(v) }))
    .sort((a, b) => b.score - a.score || a.label - b.label)
    .slice(0, k)
    .map((h) => h.label);
}

describe('FlatIndex', () => {
  let tmp: TempDir;
  beforeEach(async () => {
    tmp = await makeTempDir();
  });
  afterEach(() => tmp.remove());

  it('ranks exactly by cosine, across growth, removal and slot reuse', () => {
    const index = FlatIndex.create(DIMS, 4);
    const live = new Map<number, Float32Array>();
    for (let label = 0; label < 300; label++) {
      index.add(label, vector(label));
      live.set(label, vector(label));
    }
    for (let label = 0; label < 300; label += 3) {
      index.remove(label);
      live.delete(label);
    }
    for (let label = 1000; label < 1050; label++) {
      index.add(label, vector(label));
      live.set(label, vector(label));
    }
    index.add(1, vector(77)); // replaces label 1
    live.set(1, vector(77));
    assert.equal(index.size, live.size);
    for (let q = 0; q < 20; q++) {
      const query = vector(5000 + q);
      const hits = index.search(query, 10);
      assert.deepEqual(hits.map((h) => h.label), exact(live, query, 10));
      assert.ok(hits.every((h, i) => h.score >= 0 && h.score <= 1 && (i === 0 || hits[i - 1]!.score >= h.score)));
    }
    assert.equal(index.search(vector(77), 1)[0]!.score, 1);
    assert.equal(index.get(0), undefined);
    const stored = index.get(2)!;
    assert.ok(Math.abs(stored.reduce((s, x) => s + x * x, 0) - 1) < 1e-5, 'stored normalised');
  });

  it('round-trips through a file, keeping only the labels the caller knows to be live', async () => {
    const index = FlatIndex.create(DIMS);
    for (let label = 0; label < 5; label++) index.add(label, vector(label));
    const file = join(tmp.path, 'v.flat');
    await index.save(file);
    const loaded = await FlatIndex.load(file, DIMS, [0, 1, 3]);
    assert.deepEqual(loaded.labels(), [0, 1, 3]);
    assert.deepEqual(loaded.get(3), index.get(3));
    assert.deepEqual(loaded.search(vector(9), 3), index.search(vector(9), 5).filter((h) => [0, 1, 3].includes(h.label)));
    await assert.rejects(FlatIndex.load(file, DIMS, [0, 9]), /vector 9 is missing/);
    await assert.rejects(FlatIndex.load(file, DIMS * 2), /dimensions/);
    await writeFile(join(tmp.path, 'garbage.flat'), 'garbage'.repeat(20));
    await assert.rejects(FlatIndex.load(join(tmp.path, 'garbage.flat'), DIMS), /cannot read flat vector index/);
    await index.save(join(tmp.path, 'cut.flat'));
    await writeFile(join(tmp.path, 'cut.flat'), (await readFile(join(tmp.path, 'cut.flat'))).subarray(0, 100));
    await assert.rejects(FlatIndex.load(join(tmp.path, 'cut.flat'), DIMS), /size does not match/);
  });

  it('compacts to the live vectors', () => {
    const index = FlatIndex.create(DIMS, 4);
    for (let label = 0; label < 2000; label++) index.add(label, vector(label));
    for (let label = 0; label < 1800; label++) index.remove(label);
    assert.ok(index.needsCompaction);
    const compacted = index.compacted();
    assert.equal(compacted.size, 200);
    assert.ok(!compacted.needsCompaction);
    assert.deepEqual(compacted.search(vector(3), 5), index.search(vector(3), 5));
  });
});

describe('vector kinds', () => {
  it('prefers flat below the threshold and HNSW above it, with hysteresis', () => {
    assert.equal(preferredKind(FLAT_MAX_VECTORS, 'flat'), 'flat');
    assert.equal(preferredKind(FLAT_MAX_VECTORS + 1, 'flat'), 'hnsw');
    assert.equal(preferredKind(FLAT_RETURN_VECTORS + 1, 'hnsw'), 'hnsw');
    assert.equal(preferredKind(FLAT_RETURN_VECTORS, 'hnsw'), 'flat');
  });

  it('converts an HNSW index to flat (and back) from its stored vectors', () => {
    const hnsw = HnswIndex.create(DIMS);
    for (let label = 0; label < 50; label++) hnsw.add(label * 2, vector(label));
    const flat = fitted(hnsw);
    assert.equal(flat.kind, 'flat');
    assert.deepEqual(flat.labels(), hnsw.labels());
    assert.deepEqual(flat.search(vector(7), 5).map((h) => h.label), hnsw.search(vector(7), 5).map((h) => h.label));
    assert.equal(fitted(flat), flat, 'a fitting index is kept');
  });
});

describe('IndexStore with either vector kind', () => {
  const IDENTITY: StoreIdentity = { embedderId: 'test-v1', dimensions: DIMS, chunking: { minCodeLines: 3, minTokens: 20 } };
  const record = (id: string, label: number): ChunkRecord => ({
    id, symbol: 'f', kind: 'function', startLine: 1, endLine: 5, hash: `h${label}`, tokenCount: 30, textStart: 0, textEnd: 10, label,
  });
  const catalog = (): Catalog => new Catalog([['a.ts', { hash: 'fa', size: 1, mtimeMs: 1, chunks: [record('a.ts#f', 0), record('a.ts#g', 1)] }] as [string, FileRecord]]);
  let tmp: TempDir;
  beforeEach(async () => {
    tmp = await makeTempDir();
  });
  afterEach(() => tmp.remove());

  for (const kind of ['flat', 'hnsw'] as const) {
    it(`loads a store written with ${kind} vectors as that kind`, async () => {
      const store = new IndexStore(join(tmp.path, 'index'));
      const vectors = kind === 'flat' ? FlatIndex.create(DIMS) : HnswIndex.create(DIMS);
      vectors.add(0, vector(0));
      vectors.add(1, vector(1));
      await store.save(IDENTITY, catalog(), vectors);
      const meta = JSON.parse(await readFile(join(store.dir, 'meta.json'), 'utf8')) as { vectorKind: string; vectorFile: string };
      assert.equal(meta.vectorKind, kind);
      assert.ok(meta.vectorFile.endsWith(`.${kind}`));
      const loaded = await store.load(IDENTITY);
      assert.ok(loaded.status === 'loaded');
      assert.equal(loaded.vectors.kind, kind);
      assert.deepEqual(loaded.vectors.get(1), vectors.get(1));
    });
  }

  it('loads an earlier version\'s store (no recorded kind) as HNSW, and discards a mislabelled one', async () => {
    const store = new IndexStore(join(tmp.path, 'index'));
    const vectors = HnswIndex.create(DIMS);
    vectors.add(0, vector(0));
    vectors.add(1, vector(1));
    await store.save(IDENTITY, catalog(), vectors);
    const metaFile = join(store.dir, 'meta.json');
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as Record<string, unknown>;
    delete meta.vectorKind;
    await writeFile(metaFile, JSON.stringify(meta));
    const loaded = await store.load(IDENTITY);
    assert.ok(loaded.status === 'loaded' && loaded.vectors.kind === 'hnsw' && loaded.vectors.size === 2);
    await writeFile(metaFile, JSON.stringify({ ...meta, vectorKind: 'flat' }));
    const mislabelled = await store.load(IDENTITY);
    assert.equal(mislabelled.status, 'discarded');
  });
});
