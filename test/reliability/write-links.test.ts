/**
 * Writes in a hostile repository (a clone can carry any symlink): a linked
 * `.review-guard/` or `.review-guard/index` never takes the index store (or
 * a deletion of a store judged corrupt) outside the workspace root, a review
 * still reports every finding with a note, `index` exits 2 naming the link;
 * and a bounded race swapping both folders for links to an outside folder
 * while saves run writes nothing outside.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { Catalog, type FileRecord } from '../../indexer/catalog.js';
import { HnswIndex } from '../../indexer/vectors/hnsw-index.js';
import { IndexStore, type StoreIdentity } from '../../indexer/store/store.js';
import { AcceptedDuplicates } from '../../src/pipeline/duplicates/accepted-pairs.js';
import { runCli } from '../support/cli.js';
import { copySampleRepo, makeTempDir, type SampleRepo, type TempDir } from '../support/sample-repo.js';
import { assertComplete, reviewOnce } from './index-support.js';

const CANARY = 'outside the workspace: must stay as it is\n';

/** Every file under `dir`, relative, with its text. */
async function contents(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out[full.slice(dir.length + 1)] = await readFile(full, 'utf8');
  }
  return out;
}

/** An outside folder laid out like a store, with canaries where the store would write or delete. */
async function outsideStore(dir: string): Promise<Record<string, string>> {
  await mkdir(join(dir, 'index'), { recursive: true });
  for (const name of ['meta.json', 'walk.json', 'index/meta.json', 'index/walk.json', 'accepted-duplicates.json']) await writeFile(join(dir, name), CANARY);
  return contents(dir);
}

describe('index store behind a link', () => {
  let repo: SampleRepo;
  let outside: TempDir;
  let before_: Record<string, string>;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
  });
  after(() => repo.remove());
  beforeEach(async () => {
    outside = await makeTempDir('rg-outside-');
    before_ = await outsideStore(outside.path);
  });
  afterEach(async () => {
    await rm(join(repo.root, '.review-guard'), { recursive: true, force: true });
    await outside.remove();
  });

  for (const [linked, target] of [
    ['.review-guard', () => outside.path],
    ['.review-guard/index', () => join(outside.path, 'index')],
  ] as const) {
    it(`a linked ${linked}: the review is complete with a note, index exits 2 naming it, nothing outside changes`, async () => {
      if (linked !== '.review-guard') await mkdir(join(repo.root, '.review-guard'));
      await symlink(target(), join(repo.root, linked));
      const result = await reviewOnce(repo.root);
      assertComplete(result);
      const notices = (result.summary.notices ?? []).join('\n');
      assert.match(notices, new RegExp(`could not be saved \\(\`${linked.replace('.', '\\.')}\` is a symlink; review-guard writes its own files only into real folders`));
      const run = await runCli(repo.root, ['index']);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /^review-guard: `\.review-guard(\/index)?` is a symlink; .* remove the link/m);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
      assert.deepEqual(await contents(outside.path), before_, 'nothing outside was written or deleted');
    });
  }
});

describe('folders swapped for links while saves run (bounded race)', () => {
  let tmp: TempDir;
  beforeEach(async () => {
    tmp = await makeTempDir();
  });
  afterEach(() => tmp.remove());

  it('writes 0 files outside the root', async () => {
    const root = join(tmp.path, 'repo');
    const outside = join(tmp.path, 'outside');
    await mkdir(join(root, '.review-guard', 'index'), { recursive: true });
    const canaries = await outsideStore(outside);
    const identity: StoreIdentity = { embedderId: 'race-v1', dimensions: 4, chunking: { minCodeLines: 3, minTokens: 20 } };
    const file: FileRecord = { hash: 'h', size: 1, mtimeMs: 1, chunks: [{ id: 'a.ts#f', symbol: 'f', kind: 'function', startLine: 1, endLine: 5, hash: 'c', tokenCount: 30, textStart: 0, textEnd: 1, label: 0, evidence: '' }] };
    const vectors = HnswIndex.create(4);
    vectors.add(0, Float32Array.from([1, 0, 0, 1]));
    const store = new IndexStore(join(root, '.review-guard', 'index'), { timeoutMs: 1000 }, root);
    const accepted = new AcceptedDuplicates(root);

    const stop = new Int32Array(new SharedArrayBuffer(4));
    const swapper = new Worker(SWAPPER, { eval: true, workerData: { root, outside, stop } });
    const outcomes = { saved: 0, refused: 0 };
    const until = Date.now() + 2500;
    try {
      for (let round = 0; Date.now() < until; round++) {
        const writes = [
          store.save(identity, new Catalog([['a.ts', file]]), vectors),
          store.saveWalkRecord({ key: 'race', folders: new Map() }),
          accepted.add([{ file: 'a.ts', symbol: `f${round}`, relatedFile: 'b.ts', relatedSymbol: 'g' }]),
        ];
        for (const outcome of await Promise.allSettled(writes)) outcomes[outcome.status === 'fulfilled' ? 'saved' : 'refused']++;
      }
    } finally {
      Atomics.store(stop, 0, 1);
      await new Promise((resolve) => swapper.once('exit', resolve));
    }
    assert.deepEqual(await contents(outside), canaries, `nothing outside was written or deleted (${JSON.stringify(outcomes)})`);
    assert.ok(outcomes.saved > 0 && outcomes.refused > 0, `the race ran both ways: ${JSON.stringify(outcomes)}`);
  });
});

/** Swaps `.review-guard` and `.review-guard/index` between the real folder and a link to the outside folder until told to stop. */
const SWAPPER = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { root, outside, stop } = workerData;
const pause = new Int32Array(new SharedArrayBuffer(4));
function swap(dir, target) {
  try {
    fs.renameSync(dir, dir + '.real');
    fs.symlinkSync(target, dir);
    Atomics.wait(pause, 0, 0, Math.random() * 2);
    fs.unlinkSync(dir);
    fs.renameSync(dir + '.real', dir);
  } catch {
    // A save may have made the folder again meanwhile: put the real one back when it can be.
    try { if (fs.lstatSync(dir).isSymbolicLink()) fs.unlinkSync(dir); } catch {}
    try { fs.renameSync(dir + '.real', dir); } catch {}
  }
  Atomics.wait(pause, 0, 0, Math.random() * 2);
}
const rg = path.join(root, '.review-guard');
while (Atomics.load(stop, 0) === 0) {
  swap(rg, outside);
  swap(path.join(rg, 'index'), path.join(outside, 'index'));
}
try { if (fs.lstatSync(rg).isSymbolicLink()) fs.unlinkSync(rg); } catch {}
`;
