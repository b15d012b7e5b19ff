/**
 * @fileoverview IndexStore: round trips, discarding what it cannot use,
 * crash leftovers, semantic vectors, and reads racing a writer.
 */
import assert from 'node:assert/strict';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Catalog, type ChunkRecord, type FileRecord } from '../../../indexer/catalog.js';
import { HnswIndex } from '../../../indexer/vectors/hnsw-index.js';
import { IndexStore, type StoreIdentity } from '../../../indexer/store/store.js';
import { serializeMetadata, type Metadata } from '../../../indexer/store/format.js';
import type { VectorIndex } from '../../../indexer/vectors/vector-index.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';

const IDENTITY: StoreIdentity = { embedderId: 'test-v1', dimensions: 4, chunking: { minCodeLines: 3, minTokens: 20 } };

function record(id: string, label: number): ChunkRecord {
  return { id, symbol: id.split('#')[1]!, kind: 'function', startLine: 1, endLine: 5, hash: `h${label}`, tokenCount: 30, textStart: 0, textEnd: 10, label, evidence: '' };
}

/**
 * Rewrites meta.json through `edit` with a valid checksum, as a save would
 * have written it: the store's own field checks must catch what is wrong.
 */
async function rewriteMeta(dir: string, edit: (meta: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const { checksum: _checksum, ...meta } = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(dir, 'meta.json'), serializeMetadata(edit(meta) as unknown as Metadata));
}

/** Flips one byte in the middle of `file`, keeping its size. */
async function flipByte(file: string): Promise<void> {
  const bytes = await readFile(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at]! ^ 0x01;
  await writeFile(file, bytes);
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

  const corruptions: [string, (dir: string, vectorFile: string) => Promise<void>, RegExp][] = [
    ['truncated metadata', (dir) => writeFile(join(dir, 'meta.json'), '{"formatVersion": 3, "embe'), /^corrupt store: .*JSON/],
    ['metadata of another shape', (dir) => writeFile(join(dir, 'meta.json'), '{"formatVersion": 3, "files": []}'), /without its checksum/],
    ['an older format', (dir) => rewriteMeta(dir, (meta) => ({ ...meta, formatVersion: 0 })), /^store format 0, expected 3$/],
    // What format 1 wrote: the same fields without any checksum.
    ['the previous format, without checksums', async (dir) => {
      const { checksum: _checksum, vectorDigest: _digest, ...meta } = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(dir, 'meta.json'), JSON.stringify({ ...meta, formatVersion: 1 }));
    }, /^store format 1, expected 3$/],
    ['metadata changed after the save (one hex digit of a file hash, still valid JSON)', async (dir) => {
      const raw = await readFile(join(dir, 'meta.json'), 'utf8');
      await writeFile(join(dir, 'meta.json'), raw.replace('"hash":"fa"', '"hash":"fb"'));
    }, /^corrupt store: metadata does not match its checksum/],
    ['metadata without its checksum', async (dir) => {
      const { checksum: _checksum, ...meta } = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(dir, 'meta.json'), JSON.stringify(meta));
    }, /^corrupt store: metadata without its checksum$/],
    ['a malformed chunk record', (dir) => rewriteMeta(dir, (meta) => {
      const file = Object.values(meta.files as Record<string, { chunks: Record<string, unknown>[] }>)[0]!;
      file.chunks[0] = { ...file.chunks[0], label: -1 };
      return meta;
    }), /malformed metadata for file "a\.ts"/],
    ['a file record without chunks', (dir) => rewriteMeta(dir, (meta) => {
      const files = meta.files as Record<string, Record<string, unknown>>;
      const [name, record] = Object.entries(files)[0]!;
      files[name] = { ...record, chunks: 'none' };
      return meta;
    }), /malformed metadata for file/],
    ...([
      ['embedder', { id: 'test-v1', dimensions: 0 }],
      ['chunking', { minCodeLines: 3 }],
      ['vectorFile', '../outside.hnsw'],
      ['vectorDigest', { bytes: 10, sha256: 'not hex' }],
      ['vectorKind', 'ivf'],
      ['semantic', { id: 's', dimensions: 4, vectorFile: 'vectors-ab.hnsw', missing: [-1] }],
      ['nextLabel', 1.5],
      ['files', null],
    ] as const).map(([field, bad]): [string, (dir: string) => Promise<void>, RegExp] => [
      `a malformed ${field} field`,
      (dir) => rewriteMeta(dir, (meta) => ({ ...meta, [field]: bad })),
      new RegExp(`^corrupt store: malformed metadata: ${field}`),
    ]),
    ['a missing vector file', (dir, vectorFile) => rm(join(dir, vectorFile)), /ENOENT/],
    ['a garbage vector file', (dir, vectorFile) => writeFile(join(dir, vectorFile), 'garbage'.repeat(20)), /vector file vectors-.*bytes/],
    ['a vector file with one byte changed', (dir, vectorFile) => flipByte(join(dir, vectorFile)), /vector file vectors-.* does not match its checksum/],
    ['vectors that do not match the chunks', async (dir, vectorFile) => {
      const other = HnswIndex.create(4);
      other.add(7, Float32Array.from([1, 0, 0, 0]));
      await other.save(join(dir, vectorFile));
    }, /vector file vectors-/],
  ];
  for (const [what, corrupt, reason] of corruptions) {
    it(`discards a store with ${what} instead of failing`, async () => {
      const { catalog, vectors } = sample();
      await store.save(IDENTITY, catalog, vectors);
      const vectorFile = (await files()).find((n) => n.endsWith('.hnsw'))!;
      await corrupt(store.dir, vectorFile);
      const loaded = await store.load(IDENTITY);
      assert.equal(loaded.status, 'discarded');
      assert.match(loaded.status === 'discarded' ? loaded.reason : '', reason);
      assert.deepEqual(await files(), []);
    });
  }

  it('loads a store whose checked metadata was rewritten by a save-like writer', async () => {
    // The field tests above rely on rewriteMeta producing what a save would: check that it does.
    const { catalog, vectors } = sample();
    await store.save(IDENTITY, catalog, vectors);
    await rewriteMeta(store.dir, (meta) => meta);
    assert.equal((await store.load(IDENTITY)).status, 'loaded');
  });

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

    await flipByte(join(store.dir, meta.semantic.vectorFile));
    const changed = await store.load(withSemantic);
    assert.ok(changed.status === 'loaded' && !changed.semantic);
    assert.match(changed.notice ?? '', /^semantic vectors unreadable \(vector file vectors-.* does not match its checksum.*embedded again at the next refresh/);

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
