/**
 * @fileoverview HnswIndex: search, removal and slot reuse, persistence,
 * and compaction.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HnswIndex } from '../../../indexer/vectors/hnsw-index.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';

const DIMS = 8;

/** A deterministic pseudo-random unit-ish vector per seed. */
function vec(seed: number): Float32Array {
  const v = new Float32Array(DIMS);
  let x = seed * 2654435761;
  for (let i = 0; i < DIMS; i++) {
    x = (Math.imul(x ^ (x >>> 15), 2246822519) + i) >>> 0;
    v[i] = (x % 2000) / 1000 - 1;
  }
  return v;
}

describe('HnswIndex', () => {
  let tmp: TempDir;
  before(async () => {
    tmp = await makeTempDir();
  });
  after(() => tmp.remove());

  it('finds a vector itself first with score 1, and others below', () => {
    const index = HnswIndex.create(DIMS);
    for (let i = 0; i < 50; i++) index.add(i, vec(i));
    const hits = index.search(vec(7), 5);
    assert.equal(hits.length, 5);
    assert.equal(hits[0]!.label, 7);
    assert.ok(Math.abs(hits[0]!.score - 1) < 1e-5);
    for (const hit of hits) assert.ok(hit.score >= 0 && hit.score <= 1);
    assert.ok(hits[1]!.score <= hits[0]!.score);
  });

  it('returns at most the number of live vectors, and nothing when empty', () => {
    const index = HnswIndex.create(DIMS);
    assert.deepEqual(index.search(vec(1), 3), []);
    index.add(1, vec(1));
    assert.equal(index.search(vec(1), 10).length, 1);
    assert.deepEqual(index.search(vec(1), 0), []);
  });

  it('removes labels, ignores unknown ones and replaces re-added ones', () => {
    const index = HnswIndex.create(DIMS);
    for (let i = 0; i < 10; i++) index.add(i, vec(i));
    index.remove(3);
    index.remove(3);
    index.remove(999);
    assert.equal(index.size, 9);
    assert.equal(index.has(3), false);
    assert.ok(index.search(vec(3), 9).every((h) => h.label !== 3));
    index.add(4, vec(100));
    assert.equal(index.size, 9);
    const hits = index.search(vec(100), 9);
    assert.equal(hits[0]!.label, 4);
    assert.equal(hits.filter((h) => h.label === 4).length, 1);
  });

  it('grows past its initial capacity and reuses deleted slots', () => {
    const index = HnswIndex.create(DIMS, { initialCapacity: 4 });
    for (let i = 0; i < 20; i++) index.add(i, vec(i));
    assert.equal(index.size, 20);
    for (let i = 0; i < 10; i++) index.remove(i);
    for (let i = 20; i < 30; i++) index.add(i, vec(i));
    assert.equal(index.size, 20);
    assert.equal(index.search(vec(25), 1)[0]!.label, 25);
  });

  it('returns stored vectors normalised, or undefined for unknown labels', () => {
    const index = HnswIndex.create(DIMS);
    index.add(1, vec(1));
    const stored = index.get(1)!;
    const norm = Math.sqrt(stored.reduce((s, x) => s + x * x, 0));
    assert.ok(Math.abs(norm - 1) < 1e-5);
    assert.equal(index.get(2), undefined);
    assert.throws(() => index.add(2, new Float32Array(3)), /3 dimensions/);
  });

  it('saves and loads, keeping deletions', async () => {
    const index = HnswIndex.create(DIMS);
    for (let i = 0; i < 30; i++) index.add(i, vec(i));
    index.remove(5);
    const file = join(tmp.path, 'v.hnsw');
    await index.save(file);
    const loaded = await HnswIndex.load(file, DIMS);
    assert.equal(loaded.size, 29);
    assert.equal(loaded.has(5), false);
    assert.deepEqual(loaded.search(vec(9), 3), index.search(vec(9), 3));
    loaded.add(5, vec(5));
    assert.equal(loaded.search(vec(5), 1)[0]!.label, 5);
  });

  it('trusts live labels the caller knows, after checking the file holds them', async () => {
    const index = HnswIndex.create(DIMS);
    for (let i = 0; i < 5; i++) index.add(i, vec(i));
    index.remove(2);
    const file = join(tmp.path, 'labels.hnsw');
    await index.save(file);
    const loaded = await HnswIndex.load(file, DIMS, [0, 1, 3, 4]);
    assert.equal(loaded.size, 4);
    assert.equal(loaded.has(2), false);
    await assert.rejects(HnswIndex.load(file, DIMS, [0, 9]), /vector 9 is missing/);
  });

  it('refuses files of other dimensions and corrupt files', async () => {
    const file = join(tmp.path, 'dims.hnsw');
    const index = HnswIndex.create(DIMS);
    index.add(1, vec(1));
    await index.save(file);
    await assert.rejects(HnswIndex.load(file, DIMS * 2), /dimensions/);
    const garbage = join(tmp.path, 'garbage.hnsw');
    await writeFile(garbage, 'not an index at all');
    await assert.rejects(HnswIndex.load(garbage, DIMS), /cannot read HNSW index/);
    await assert.rejects(HnswIndex.load(join(tmp.path, 'missing.hnsw'), DIMS), /cannot read HNSW index/);
  });

  it('passes vectors to hnswlib without an Array.from per call, and keeps each one intact', () => {
    const index = HnswIndex.create(DIMS);
    const from = Array.from;
    let conversions = 0;
    Array.from = function (this: unknown, ...args: Parameters<typeof Array.from>) {
      conversions++;
      return from.apply(this, args);
    } as typeof Array.from;
    try {
      for (let i = 0; i < 20; i++) index.add(i, vec(i));
      index.search(vec(3), 5);
    } finally {
      Array.from = from;
    }
    assert.equal(conversions, 0);
    // The reused buffer must not leak one vector into another.
    for (const i of [0, 7, 19]) {
      const stored = index.get(i)!;
      const v = vec(i);
      const norm = Math.hypot(...v);
      assert.ok(stored.every((x, d) => Math.abs(x - v[d]! / norm) < 1e-5), `vector ${i}`);
      assert.equal(index.search(v, 1)[0]!.label, i);
    }
    assert.throws(() => index.search(new Float32Array(DIMS + 1), 1), /dimensions/);
  });

  it('compacts: deleted slots above 30 % of the capacity, rebuilt from the live vectors under their labels', async () => {
    const index = HnswIndex.create(DIMS, { initialCapacity: 100 });
    for (let i = 0; i < 80; i++) index.add(i, vec(i));
    for (let i = 0; i < 30; i++) index.remove(i);
    assert.deepEqual([index.deletedSlots, index.needsCompaction], [30, false]);
    for (let i = 30; i < 40; i++) index.remove(i);
    assert.deepEqual([index.deletedSlots, index.capacity, index.needsCompaction], [40, 100, true]);

    const compacted = index.compacted();
    assert.deepEqual([compacted.size, compacted.deletedSlots, compacted.capacity, compacted.needsCompaction], [40, 0, 100, false]);
    for (let i = 0; i < 80; i++) assert.equal(compacted.has(i), i >= 40, `label ${i}`);
    const [kept, original] = [compacted.get(55)!, index.get(55)!];
    assert.ok(kept.every((x, i) => Math.abs(x - original[i]!) < 1e-6), 'the same vector (normalised once more)');
    assert.deepEqual(compacted.search(vec(61), 5).map((h) => h.label), index.search(vec(61), 5).map((h) => h.label));
    // What is saved is what stays live.
    const file = join(tmp.path, 'compacted.hnsw');
    await compacted.save(file);
    const loaded = await HnswIndex.load(file, DIMS);
    assert.deepEqual([loaded.size, loaded.deletedSlots], [40, 0]);
    // Capacity grows in powers of two over the initial one when the live vectors need it.
    const big = HnswIndex.create(DIMS, { initialCapacity: 16 });
    for (let i = 0; i < 40; i++) big.add(i, vec(i));
    assert.equal(big.compacted().capacity, 64);
  });
});
