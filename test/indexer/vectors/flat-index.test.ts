/**
 * @fileoverview FlatIndex and vector kinds: exact cosine ranking (scores
 * bit-identical to a dense dot product), removal and replacement,
 * persistence in the current and the earlier file format, corrupt files,
 * conversion between flat and HNSW, and stores written with either kind (or
 * by an earlier version, without a kind) loading.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Catalog, type ChunkRecord, type FileRecord } from '../../../indexer/catalog.js';
import { FlatIndex } from '../../../indexer/vectors/flat-index.js';
import { HnswIndex, HnswlibMissingError, hnswAvailable, replaceHnswlibLoader } from '../../../indexer/vectors/hnsw-index.js';
import { IndexStore, type StoreIdentity } from '../../../indexer/store/store.js';
import { serializeMetadata, type Metadata } from '../../../indexer/store/format.js';
import { FLAT_MAX_VECTORS, FLAT_RETURN_VECTORS, fitted, flatFallbackNotice, preferredKind } from '../../../indexer/vectors/vector-kind.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';

const DIMS = 16;

/** A deterministic pseudo-random vector (not normalised). */
function vector(seed: number, dims = DIMS): Float32Array {
  let x = seed * 2654435761 + 1;
  return Float32Array.from({ length: dims }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 1073741824 - 1;
  });
}

/** A deterministic pseudo-random vector with about `density` of its values non-zero, some of them duplicated. */
function sparseVector(seed: number, dims: number, density: number): Float32Array {
  let x = (seed * 2654435761 + 7) % 2147483648;
  const next = (): number => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Float32Array.from({ length: dims }, () => (next() < density ? (next() < 0.2 ? 0.5 : next() * 2 - 1) : 0));
}

/** `vector` as `add` stores it: scaled to unit length in double precision, then rounded to float32. */
function normalised(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  const scale = norm > 0 && norm !== 1 ? 1 / Math.sqrt(norm) : 1;
  return vector.map((x) => x * scale);
}

/**
 * The hits of a brute-force scan of the stored vectors: a dense dot product
 * with the normalised query in double precision, in dimension order; best
 * first, ties by label; then clamped to 0..1.
 */
function bruteForce(stored: Map<number, Float32Array>, query: Float32Array, k: number): { label: number; score: number }[] {
  let norm = 0;
  for (const x of query) norm += x * x;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return [...stored]
    .map(([label, v]) => {
      let score = 0;
      for (let d = 0; d < v.length; d++) score += query[d]! * scale * v[d]!;
      return { label, score };
    })
    .sort((a, b) => b.score - a.score || a.label - b.label)
    .slice(0, k)
    .map(({ label, score }) => ({ label, score: Math.min(1, Math.max(0, score)) }));
}

/** Asserts that `index` returns exactly (labels and scores, `===`) what a brute-force scan of `stored` does. */
function assertSearchesLikeBruteForce(index: FlatIndex, stored: Map<number, Float32Array>, queries: Float32Array[], k: number): void {
  for (const query of queries) assert.deepEqual(index.search(query, k), bruteForce(stored, query, k));
}

/** A file in the earlier row-major format (`RGFLAT01`): header, labels, then the rows as given. */
function rowsFile(dims: number, rows: [number, Float32Array][]): Buffer {
  const header = Buffer.alloc(16);
  header.write('RGFLAT01', 0, 'latin1');
  header.writeUInt32LE(dims, 8);
  header.writeUInt32LE(rows.length, 12);
  const labels = Buffer.from(Uint32Array.from(rows, ([label]) => label).buffer);
  return Buffer.concat([header, labels, ...rows.map(([, row]) => Buffer.from(row.buffer, row.byteOffset, row.byteLength))]);
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

  it('ranks exactly by cosine, across growth, removal and replacement', () => {
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

  it('saves removed vectors as dead slots, which a load (with or without live labels) leaves out and still counts for compaction', async () => {
    const index = FlatIndex.create(DIMS);
    for (let label = 0; label < 6; label++) index.add(label, vector(label));
    index.remove(1);
    index.add(4, vector(40)); // a replacement leaves the old slot dead too
    const file = join(tmp.path, 'dead.flat');
    await index.save(file);
    for (const loaded of [await FlatIndex.load(file, DIMS), await FlatIndex.load(file, DIMS, [0, 2, 3, 4, 5])]) {
      assert.deepEqual(loaded.labels(), [0, 2, 3, 4, 5]);
      assert.deepEqual(loaded.get(4), index.get(4));
      assert.deepEqual(loaded.search(vector(9), 5), index.search(vector(9), 5));
      assert.equal(loaded.compacted().labels().length, 5);
    }
  });

  it('scores sparse vectors bit-identically to a brute-force scan, through adds, removes, replacements, compaction and a save', async () => {
    const dims = 64;
    let index = FlatIndex.create(dims, 8);
    const stored = new Map<number, Float32Array>();
    const put = (label: number, v: Float32Array): void => {
      index.add(label, v);
      stored.set(label, normalised(v));
    };
    // A zero query matches nothing; the others set 30 % of the dimensions, the vectors 5 to 65 %.
    const queries = [new Float32Array(dims), ...Array.from({ length: 30 }, (_, q) => sparseVector(9000 + q, dims, 0.3))];
    let seed = 0;
    for (let round = 0; round < 6; round++) {
      // Each round overlaps the last one's labels: replacements.
      for (let label = round * 100; label < round * 100 + 150; label++) put(label, sparseVector(seed++, dims, 0.05 + (label % 7) / 10));
      for (let label = round * 100; label < round * 100 + 150; label += 3 + round) {
        index.remove(label);
        stored.delete(label);
      }
      // Equal vectors score equally (ranked by label); a zero vector matches nothing.
      const copied = sparseVector(seed++, dims, 0.3);
      put(round * 100 + 1, copied);
      put(round * 100 + 2, copied);
      put(round * 100 + 4, new Float32Array(dims));
      assert.equal(index.size, stored.size);
      assertSearchesLikeBruteForce(index, stored, [...queries, copied], 12);
    }
    assert.deepEqual(index.labels(), [...stored.keys()].sort((a, b) => a - b));
    for (const [label, v] of stored) assert.deepEqual(index.get(label), v);
    assertSearchesLikeBruteForce(index, stored, queries, stored.size + 5);
    assertSearchesLikeBruteForce(index.compacted(), stored, queries, 12);

    const file = join(tmp.path, 'sparse.flat');
    await index.save(file);
    assert.equal((await readFile(file)).toString('latin1', 0, 8), 'RGFLAT02');
    index = await FlatIndex.load(file, dims, stored.keys());
    for (const [label, v] of stored) assert.deepEqual(index.get(label), v);
    assertSearchesLikeBruteForce(index, stored, queries, 12);
    // A loaded index's lists are views of the file; adds grow them into arrays of their own.
    for (let label = 5000; label < 5100; label++) put(label, sparseVector(seed++, dims, 0.3));
    index.remove(2);
    stored.delete(2);
    assertSearchesLikeBruteForce(index, stored, queries, 12);
    await index.save(file);
    assertSearchesLikeBruteForce(await FlatIndex.load(file, dims), stored, queries, 12);
  });

  it('reads the earlier row-major format: the last row of a label wins, labels beyond the live ones are dropped', async () => {
    const dims = 32;
    const rows: [number, Float32Array][] = [5, 3, 9, 3, 7, 1].map((label, i) => [label, normalised(sparseVector(i, dims, 0.4))]);
    const file = join(tmp.path, 'rows.flat');
    await writeFile(file, rowsFile(dims, rows));
    const loaded = await FlatIndex.load(file, dims, [1, 3, 5, 9]);
    const stored = new Map([5, 9, 3, 1].map((label) => [label, rows.findLast(([l]) => l === label)![1]]));
    assert.deepEqual(loaded.labels(), [1, 3, 5, 9]);
    for (const [label, v] of stored) assert.deepEqual(loaded.get(label), v);
    const queries = Array.from({ length: 10 }, (_, q) => sparseVector(100 + q, dims, 0.4));
    assertSearchesLikeBruteForce(loaded, stored, queries, 3);
    // Saved again, it is written in the current format, with the same vectors.
    await loaded.save(file);
    assert.equal((await readFile(file)).toString('latin1', 0, 8), 'RGFLAT02');
    assertSearchesLikeBruteForce(await FlatIndex.load(file, dims), stored, queries, 3);
    await writeFile(file, rowsFile(dims, rows).subarray(0, 100));
    await assert.rejects(FlatIndex.load(file, dims), /size does not match/);
  });

  it('rejects a file whose lists or entries are inconsistent', async () => {
    const index = FlatIndex.create(DIMS);
    for (let label = 0; label < 20; label++) index.add(label, vector(label));
    const file = join(tmp.path, 'v.flat');
    await index.save(file);
    const good = await readFile(file);
    const listsAt = 16 + 4 * 20 + 4 * DIMS + 4 * 20; // header, labels, list lengths, entry counts
    const corrupt = async (change: (bytes: Buffer) => void, error: RegExp): Promise<void> => {
      const bytes = Buffer.from(good);
      change(bytes);
      await writeFile(file, bytes);
      await assert.rejects(FlatIndex.load(file, DIMS), error);
    };
    // The dense test vectors put all 20 slots in each list.
    await corrupt((bytes) => bytes.writeUInt32LE(1, listsAt), /dimension 0 is out of order/);
    await corrupt((bytes) => bytes.writeUInt32LE(20, listsAt + 4 * 19), /dimension 0 is out of order/);
    await corrupt((bytes) => bytes.writeUInt32LE(0xffffffff, good.length - 4), /vector 19 has a bad entry/); // its last entry
    const lastEntryCountAt = listsAt - 4;
    await corrupt((bytes) => bytes.writeUInt32LE(DIMS + 1, lastEntryCountAt), /entry counts exceed/);
    await corrupt((bytes) => bytes.writeUInt32LE(DIMS - 1, lastEntryCountAt), /entry counts do not match/);
    await corrupt((bytes) => bytes.writeUInt32LE(21, 12), /size does not match/);
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

describe('vector kinds without hnswlib-node (an optional dependency)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = replaceHnswlibLoader(() => {
      throw new Error("Cannot find module 'hnswlib-node'\nRequire stack: …");
    });
  });
  afterEach(() => restore());

  it('keeps a large index flat, with a notice that names the package and how to install it', () => {
    assert.equal(hnswAvailable(), false);
    assert.equal(preferredKind(FLAT_MAX_VECTORS + 1, 'flat'), 'flat');
    const index = FlatIndex.create(DIMS);
    for (let label = 0; label <= FLAT_MAX_VECTORS; label++) index.add(label, vector(label));
    assert.equal(fitted(index), index);
    const notice = flatFallbackNotice(index);
    assert.match(notice ?? '', new RegExp(`holds ${FLAT_MAX_VECTORS + 1} vectors.*hnswlib-node is not installed.*flat scan serves.*npm i hnswlib-node`));
    assert.deepEqual(index.search(vector(7), 1).map((h) => h.label), [7], 'the flat index answers');
  });

  it('gives no notice for an index small enough for the flat scan anyway', () => {
    const index = FlatIndex.create(DIMS);
    index.add(0, vector(0));
    assert.equal(flatFallbackNotice(index), undefined);
  });

  it('says what is missing when an HNSW index is asked for (the first line of the load error, no require stack)', () => {
    assert.throws(() => HnswIndex.create(DIMS), (error: unknown) => {
      assert.ok(error instanceof HnswlibMissingError);
      assert.match(error.message, /needs the optional package hnswlib-node, which cannot be loaded \(Cannot find module 'hnswlib-node'\): install it with `npm i hnswlib-node`/);
      assert.doesNotMatch(error.message, /Require stack/);
      return true;
    });
  });

  it('serves HNSW again once the real loader is back', () => {
    restore();
    assert.equal(hnswAvailable(), true);
    assert.equal(preferredKind(FLAT_MAX_VECTORS + 1, 'flat'), 'hnsw');
    assert.equal(flatFallbackNotice(FlatIndex.create(DIMS)), undefined);
  });
});

describe('IndexStore with either vector kind', () => {
  const IDENTITY: StoreIdentity = { embedderId: 'test-v1', dimensions: DIMS, chunking: { minCodeLines: 3, minTokens: 20 } };
  const record = (id: string, label: number): ChunkRecord => ({
    id, symbol: 'f', kind: 'function', startLine: 1, endLine: 5, hash: `h${label}`, tokenCount: 30, textStart: 0, textEnd: 10, label, evidence: '',
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

  it('discards a store whose metadata names the wrong kind, even with a valid checksum', async () => {
    const store = new IndexStore(join(tmp.path, 'index'));
    const vectors = HnswIndex.create(DIMS);
    vectors.add(0, vector(0));
    vectors.add(1, vector(1));
    await store.save(IDENTITY, catalog(), vectors);
    const metaFile = join(store.dir, 'meta.json');
    const { checksum: _checksum, ...meta } = JSON.parse(await readFile(metaFile, 'utf8')) as Metadata & { checksum: string };
    await writeFile(metaFile, serializeMetadata({ ...meta, vectorKind: 'flat' }));
    const mislabelled = await store.load(IDENTITY);
    assert.ok(mislabelled.status === 'discarded' && /not a flat vector file/.test(mislabelled.reason), JSON.stringify(mislabelled));
  });
});
