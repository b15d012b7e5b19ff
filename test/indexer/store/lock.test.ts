/**
 * @fileoverview The writer lock of an index store: two processes saving at
 * once leave a loadable, consistent store while a reader keeps opening it;
 * stale locks (dead pid, untouched for too long) are taken over; a live lock
 * makes a writer wait, then give up with an error naming the lock file.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Catalog } from '../../../indexer/catalog.js';
import { CodeIndex } from '../../../indexer/code-index.js';
import { HnswIndex } from '../../../indexer/vectors/hnsw-index.js';
import { StoreLockedError } from '../../../indexer/store/lock.js';
import { IndexStore, type StoreIdentity } from '../../../indexer/store/store.js';
import { StructuralEmbedder } from '../../../indexer/embedders/structural-embedder.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';
import { copySmallRepo, runChild } from '../support.js';

const IDENTITY: StoreIdentity = { embedderId: 'test-v1', dimensions: 4, chunking: { minCodeLines: 3, minTokens: 20 } };
const ROUNDS = 12;

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = execFile(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/**
 * A child that opens the index, says it is ready, waits for the go, then
 * indexes a new version of `src/extra-<tag>.ts` and saves, ROUNDS times.
 */
function writer(tag: string, signals: string): string {
  return `
    const { access, writeFile } = await import('node:fs/promises');
    const index = await CodeIndex.open({ root, embedder: new StructuralEmbedder(), lock: { timeoutMs: 30000 } });
    await writeFile(${JSON.stringify(signals)} + '/ready-${tag}', '');
    while (!(await access(${JSON.stringify(signals)} + '/go').then(() => true, () => false))) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const rel = 'src/extra-${tag}.ts';
    for (let i = 0; i < ${ROUNDS}; i++) {
      const text = 'export function w${tag}' + i + '(values: number[]): number {\\n' +
        '  const sorted = [...values].sort((a, b) => a - b);\\n' +
        '  return sorted[Math.floor(sorted.length / 2)] ?? ' + i + ';\\n}\\n';
      await index.indexSource(rel, parse(text, rel));
      await index.save();
    }
  `;
}

describe('store writer lock', () => {
  let tmp: TempDir;
  let store: IndexStore;
  const sample = (): { catalog: Catalog; vectors: HnswIndex } => {
    const vectors = HnswIndex.create(4);
    vectors.add(0, Float32Array.from([1, 0, 0, 1]));
    const chunk = { id: 'a.ts#f', symbol: 'f', kind: 'function', startLine: 1, endLine: 5, hash: 'h', tokenCount: 30, textStart: 0, textEnd: 9, label: 0, evidence: '' } as const;
    return { catalog: new Catalog([['a.ts', { hash: 'fa', size: 1, mtimeMs: 1, chunks: [chunk] }]]), vectors };
  };
  const save = (target = store): Promise<void> => {
    const { catalog, vectors } = sample();
    return target.save(IDENTITY, catalog, vectors);
  };
  const writeLock = (pid: number): Promise<void> =>
    writeFile(store.lockFile, JSON.stringify({ pid, host: hostname(), createdAt: new Date().toISOString(), token: 'other' }));

  beforeEach(async () => {
    tmp = await makeTempDir();
    store = new IndexStore(join(tmp.path, 'index'), { timeoutMs: 400, staleMs: 60_000 });
    await save();
  });
  afterEach(() => tmp.remove());

  it('takes over a lock whose process is dead', async () => {
    await writeLock(await deadPid());
    // Waiting would end in StoreLockedError after 400 ms: the lock is taken over instead.
    await save();
    assert.deepEqual((await readdir(store.dir)).filter((n) => !/\.(hnsw|flat)$/.test(n)), ['meta.json']);
  });

  it('takes over a lock untouched for longer than staleMs, even of a live pid', async () => {
    await writeLock(process.pid);
    const old = new Date(Date.now() - 120_000);
    await utimes(store.lockFile, old, old);
    await save();
    assert.ok(!(await readdir(store.dir)).includes('write.lock'));
  });

  it('waits for a live lock, and gives up with an error that names the lock file', async () => {
    await writeLock(process.pid);
    await assert.rejects(save(), (error: unknown) => {
      assert.ok(error instanceof StoreLockedError);
      assert.equal(error.lockFile, store.lockFile);
      assert.ok(error.message.includes(store.lockFile), error.message);
      assert.match(error.message, new RegExp(`pid ${process.pid} on ${hostname()}, since .*gave up after \\d+ ms`));
      return true;
    });
    assert.equal(JSON.parse(await readFile(store.lockFile, 'utf8')).token, 'other', 'the holder keeps its lock');

    const patient = new IndexStore(store.dir, { timeoutMs: 5000 });
    const saving = save(patient);
    setTimeout(() => void rm(store.lockFile), 100);
    await saving;
    assert.equal((await store.load(IDENTITY)).status, 'loaded');
  });

  it('keeps a store loadable and consistent while two processes save it at once', async () => {
    const repo = await copySmallRepo();
    try {
      const open = (): Promise<CodeIndex> => CodeIndex.open({ root: repo.path, embedder: new StructuralEmbedder() });
      await (await open()).refresh();
      let writing = true;
      const children = Promise.all([runChild(repo.path, writer('A', tmp.path)), runChild(repo.path, writer('B', tmp.path))]).finally(() => {
        writing = false;
      });
      // Both open the same store, then save at once.
      const ready = (): Promise<boolean> => readdir(tmp.path).then((names) => names.filter((n) => n.startsWith('ready-')).length === 2);
      while (writing && !(await ready())) await new Promise((resolve) => setTimeout(resolve, 5));
      await writeFile(join(tmp.path, 'go'), '');
      const seen: string[] = [];
      while (writing) {
        const reader = await open();
        seen.push(reader.stats().openedFrom);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.deepEqual(await children, [0, 0]);
      assert.ok(seen.length > 0 && seen.every((s) => s === 'store'), `readers saw ${[...new Set(seen)].join(', ')}`);

      const final = await open();
      assert.equal(final.stats().openedFrom, 'store');
      // The last save wins whole: the workspace and one writer's last version.
      const last = ['A', 'B'].filter((tag) => final.readCode(`src/extra-${tag}.ts#w${tag}${ROUNDS - 1}`));
      assert.equal(last.length, 1, `last versions found: ${last.join(', ')}`);
      assert.equal(final.stats().chunks, 20);
      const query = final.readCode('src/config/load-config.ts#loadConfig')!.chunk;
      assert.equal((await final.search({ chunk: query }, 1))[0]?.score, 1);
      const names = await readdir(join(repo.path, '.review-guard', 'index'));
      assert.deepEqual(names.sort().filter((n) => !/\.(hnsw|flat)$/.test(n)), ['meta.json', 'walk.json'], 'no lock or temp file left');
      assert.equal(names.length, 3, 'one vector file');
    } finally {
      await repo.remove();
    }
  });
});
