/**
 * @fileoverview IndexStore: round trips, discarding what it cannot use,
 * crash leftovers, semantic vectors, and reads racing a writer.
 */
import assert from 'node:assert/strict';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Catalog, type ChunkRecord, type FileRecord } from '../../indexer/catalog.js';
import { HnswIndex } from '../../indexer/hnsw-index.js';
import { IndexStore, type StoreIdentity } from '../../indexer/store.js';
import type { VectorIndex } from '../../indexer/vector-index.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';

const IDENTITY: StoreIdentity = { embedderId: 'test-v1', dimensions: 4, chunking: { minCodeLines: 3, minTokens: 20 } };

function record(id: string, label: number): ChunkRecord {
  return { id, symbol: id.split('#')[1]!, kind: 'function', startLine: 1, endLine: 5, hash: `h${label}`, tokenCount: 30, textStart: 0, textEnd: 10, label };
}

/** A catalog of two files and the matching vectors. */
function sample(): { catalog: Catalog; vectors: HnswIndex } {
  const files: [string, FileRecord][] = [
    ['a.ts', { hash: 'fa', size: 10, mtimeMs: 1, chunks: [record('a.ts#f', 0), record('a.ts#g', 1)] }],
    ['b.ts', { hash: 'fb', size: 20, mtimeMs: 2, chunks: [record('b.ts#h', 2)] }],
  ];
  const vectors = HnswIndex.create(4);
  for (let label = 0; label < 3; label++) vectors.add(label, Float32Array.from([1, label, 0, 1]));
  return { catalog: new Catalog(files), vectors };
}

describe('IndexStore', () => {
  let tmp: TempDir;
  let store: IndexStore;
  beforeEach(async () => {
    tmp = await makeTempDir();
    store = new IndexStore(join(tmp.path, 'index'));
  });
  afterEach(() => tmp.remove());

  const files = (): Promise<string[]> => readdir(store.dir).then((names) => names.sort());

  it('reports a missing store', async () => {
    assert.deepEqual(await store.load(IDENTITY), { status: 'missing' });
  });

  it('round-trips the catalog and vectors, leaving one metadata and one vector file', async () => {
    const { catalog, vectors } = sample();
    await store.save(IDENTITY, catalog, vectors);
    await store.save(IDENTITY, catalog, vectors);
    const names = await files();
    assert.equal(names.length, 2);
    assert.equal(names[0], 'meta.json');
    assert.match(names[1]!, /^vectors-[0-9a-f]+\.hnsw$/);
    const loaded = await store.load(IDENTITY);
    assert.equal(loaded.status, 'loaded');
    if (loaded.status !== 'loaded') return;
    assert.deepEqual([...loaded.catalog.entries()], [...catalog.entries()]);
    assert.equal(loaded.catalog.nextLabel, 3);
    assert.equal(loaded.vectors.size, 3);
    assert.equal(loaded.vectors.search(Float32Array.from([1, 2, 0, 1]), 1)[0]!.label, 2);
  });

  for (const [what, identity] of [
    ['embedder', { ...IDENTITY, embedderId: 'other-v2' }],
    ['dimensions', { ...IDENTITY, dimensions: 8 }],
    ['chunking', { ...IDENTITY, chunking: { minCodeLines: 1, minTokens: 20 } }],
  ] as const) {
    it(`discards a store built with another ${what}`, async () => {
      const { catalog, vectors } = sample();
      await store.save(IDENTITY, catalog, vectors);
      const loaded = await store.load(identity);
      assert.equal(loaded.status, 'discarded');
      assert.deepEqual(await files(), []);
    });
  }

  const corruptions: [string, (dir: string, vectorFile: string) => Promise<void>][] = [
    ['truncated metadata', (dir) => writeFile(join(dir, 'meta.json'), '{"formatVersion": 1, "embe')],
    ['metadata of another shape', (dir) => writeFile(join(dir, 'meta.json'), '{"formatVersion": 1, "files": []}')],
    ['an older format', async (dir) => {
      const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(dir, 'meta.json'), JSON.stringify({ ...meta, formatVersion: 0 }));
    }],
    ['a malformed chunk record', async (dir) => {
      const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as { files: Record<string, { chunks: Record<string, unknown>[] }> };
      const file = Object.values(meta.files)[0]!;
      file.chunks[0] = { ...file.chunks[0], label: -1 };
      await writeFile(join(dir, 'meta.json'), JSON.stringify(meta));
    }],
    ['a file record without chunks', async (dir) => {
      const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as { files: Record<string, Record<string, unknown>> };
      const [name, record] = Object.entries(meta.files)[0]!;
      meta.files[name] = { ...record, chunks: 'none' };
      await writeFile(join(dir, 'meta.json'), JSON.stringify(meta));
    }],
    ...([
      ['embedder', { id: 'test-v1', dimensions: 0 }],
      ['chunking', { minCodeLines: 3 }],
      ['vectorFile', '../outside.hnsw'],
      ['vectorKind', 'ivf'],
      ['semantic', { id: 's', dimensions: 4, vectorFile: 'vectors-ab.hnsw', missing: [-1] }],
      ['nextLabel', 1.5],
      ['files', null],
    ] as const).map(([field, bad]): [string, (dir: string) => Promise<void>] => [
      `a malformed ${field} field`,
      async (dir) => {
        const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as Record<string, unknown>;
        await writeFile(join(dir, 'meta.json'), JSON.stringify({ ...meta, [field]: bad }));
      },
    ]),
    ['a missing vector file', (dir, vectorFile) => rm(join(dir, vectorFile))],
    ['a garbage vector file', (dir, vectorFile) => writeFile(join(dir, vectorFile), 'garbage'.repeat(20))],
    ['vectors that do not match the chunks', async (dir, vectorFile) => {
      const other = HnswIndex.create(4);
      other.add(7, Float32Array.from([1, 0, 0, 0]));
      await other.save(join(dir, vectorFile));
    }],
  ];
  for (const [what, corrupt] of corruptions) {
    it(`discards a store with ${what} instead of failing`, async () => {
      const { catalog, vectors } = sample();
      await store.save(IDENTITY, catalog, vectors);
      const vectorFile = (await files()).find((n) => n.endsWith('.hnsw'))!;
      await corrupt(store.dir, vectorFile);
      const loaded = await store.load(IDENTITY);
      assert.equal(loaded.status, 'discarded');
      assert.ok(loaded.status === 'discarded' && loaded.reason.length > 0);
      assert.deepEqual(await files(), []);
    });
  }

  it('keeps the last complete save when a later save crashed half-way', async () => {
    const { catalog, vectors } = sample();
    await store.save(IDENTITY, catalog, vectors);
    // What a crash leaves: a new vector file without metadata, and half-written temp files
    // (named as this version and as earlier versions named them).
    const temps = ['.review-guard-tmp-123-abcd1234-meta.json', '.review-guard-tmp-123-abcd1234-vectors-00ff.hnsw', 'meta.json.123-abcd.tmp'];
    await writeFile(join(store.dir, 'vectors-00ff.hnsw'), 'partial');
    for (const temp of temps) await writeFile(join(store.dir, temp), '{"formatVersion": 1, "emb');
    const loaded = await store.load(IDENTITY);
    assert.equal(loaded.status, 'loaded');
    // The next save removes the orphan vector file and temp files old enough to be leftovers.
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const temp of temps) await utimes(join(store.dir, temp), old, old);
    await store.save(IDENTITY, catalog, vectors);
    const names = await files();
    assert.equal(names.length, 2);
    assert.ok(!names.includes('vectors-00ff.hnsw'));
  });

  it('keeps temp files young enough to belong to a save in progress', async () => {
    const { catalog, vectors } = sample();
    await store.save(IDENTITY, catalog, vectors);
    const young = '.review-guard-tmp-99-0123abcd-meta.json';
    await writeFile(join(store.dir, young), '{');
    await store.save(IDENTITY, catalog, vectors);
    assert.ok((await files()).includes(young));
  });

  it('clears, discards and cleans up only the files it owns', async () => {
    const { catalog, vectors } = sample();
    await store.save(IDENTITY, catalog, vectors);
    // Names close to its own, including temp-looking ones old enough to be leftovers.
    const foreign = ['notes.txt', 'notes.tmp', 'draft.json.tmp', 'meta.json.bak', 'vectors-12.hnsw.tmp', 'vectors-xyz.hnsw', '.review-guard-tmp-notes'];
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of foreign) {
      await writeFile(join(store.dir, name), 'keep me');
      await utimes(join(store.dir, name), old, old);
    }
    await store.save(IDENTITY, catalog, vectors);
    assert.equal((await files()).length, foreign.length + 2);
    await writeFile(join(store.dir, 'meta.json'), '{"formatVersion": 1, "emb');
    assert.equal((await store.load(IDENTITY)).status, 'discarded');
    assert.deepEqual(await files(), [...foreign].sort());
    await store.save(IDENTITY, catalog, vectors);
    await store.saveWalkRecord({ key: 'k', folders: new Map() });
    await store.clear();
    assert.deepEqual(await files(), [...foreign].sort());
  });

  it('keeps a walk record beside the index, and reads a broken one as none', async () => {
    assert.equal(await store.loadWalkRecord(), undefined);
    const { catalog, vectors } = sample();
    await store.save(IDENTITY, catalog, vectors);
    const record = { key: 'k', folders: new Map([['', { mtimeMs: 5, folders: ['src'], files: ['a.ts'] }]]) };
    await store.saveWalkRecord(record);
    assert.deepEqual(await store.loadWalkRecord(), record);
    assert.ok((await files()).includes('walk.json'));
    await writeFile(join(store.dir, 'walk.json'), '{"version": 1, "key"');
    assert.equal(await store.loadWalkRecord(), undefined);
    assert.equal((await store.load(IDENTITY)).status, 'loaded', 'a broken walk record leaves the index alone');
  });

  it('writes its temp files under its own prefix', async () => {
    const { catalog, vectors } = sample();
    const written: string[] = [];
    // The vector file is written to a temp path first; the metadata temp is named alike.
    const recording: VectorIndex = {
      add: (label, vector) => vectors.add(label, vector),
      remove: (label) => vectors.remove(label),
      search: (vector, k) => vectors.search(vector, k),
      get: (label) => vectors.get(label),
      has: (label) => vectors.has(label),
      get size() {
        return vectors.size;
      },
      save: (path) => {
        written.push(basename(path));
        return vectors.save(path);
      },
    };
    await store.save(IDENTITY, catalog, recording);
    assert.equal(written.length, 1);
    assert.match(written[0]!, /^\.review-guard-tmp-\d+-[0-9a-f]+-vectors-[0-9a-f]+\.hnsw$/);
    assert.equal((await store.load(IDENTITY)).status, 'loaded');
  });

  it('keeps semantic vectors beside the structural ones, and drops only them when unreadable', async () => {
    const { catalog, vectors } = sample();
    const semantic = HnswIndex.create(2);
    semantic.add(0, Float32Array.from([1, 0]));
    semantic.add(2, Float32Array.from([0, 1]));
    const withSemantic: StoreIdentity = { ...IDENTITY, semantic: { embedderId: 'words-v1', dimensions: 2 } };
    await store.save(withSemantic, catalog, vectors, { embedderId: 'words-v1', dimensions: 2, vectors: semantic });
    const meta = JSON.parse(await readFile(join(store.dir, 'meta.json'), 'utf8')) as { semantic: { vectorFile: string; missing: number[] } };
    assert.deepEqual(meta.semantic.missing, [1]);
    const loaded = await store.load(withSemantic);
    assert.ok(loaded.status === 'loaded' && loaded.semantic);
    assert.deepEqual([loaded.semantic.has(0), loaded.semantic.has(1), loaded.semantic.has(2), loaded.notice], [true, false, true, undefined]);
    // Without a semantic embedder the store loads as it is.
    assert.equal((await store.load(IDENTITY)).status, 'loaded');

    await writeFile(join(store.dir, meta.semantic.vectorFile), 'garbage'.repeat(20));
    const dropped = await store.load(withSemantic);
    assert.ok(dropped.status === 'loaded' && !dropped.semantic);
    assert.match(dropped.notice ?? '', /^semantic vectors unreadable .*embedded again at the next refresh/);
    assert.equal(dropped.vectors.size, 3);
  });

  it('reads again, rather than discarding, a store another writer replaced while it was read', async () => {
    const { catalog, vectors } = sample();
    await store.save(IDENTITY, catalog, vectors);
    const original = HnswIndex.load.bind(HnswIndex);
    let replaced = false;
    HnswIndex.load = async (...args: Parameters<typeof HnswIndex.load>): Promise<HnswIndex> => {
      if (replaced) return original(...args);
      // Another writer saves between this reader's metadata and vector reads, deleting the old vector file.
      replaced = true;
      const next = sample();
      next.catalog.removeFile('b.ts');
      await store.save(IDENTITY, next.catalog, next.vectors);
      return original(...args);
    };
    try {
      const loaded = await store.load(IDENTITY);
      assert.equal(loaded.status, 'loaded');
      assert.ok(loaded.status === 'loaded' && loaded.catalog.fileCount === 1, 'the new store');
    } finally {
      HnswIndex.load = original;
    }
  });
});
