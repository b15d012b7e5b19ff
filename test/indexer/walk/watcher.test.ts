/**
 * @fileoverview The watched refresh: a CodeIndex opened with `watch`
 * re-checks only the paths changed since its last refresh (edited, added,
 * deleted files, and a new folder through a full walk), and the
 * WorkspaceWatcher marks a changed file dirty and asks for a walk when it
 * cannot tell.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CodeIndex } from '../../../indexer/code-index.js';
import { FULL_WALK_INTERVAL_MS, WorkspaceWatcher } from '../../../indexer/walk/watcher.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';
import { copySmallRepo, CountingEmbedder, indexedFunction } from '../support.js';

const FUNCTION = indexedFunction;

describe('WorkspaceWatcher', () => {
  let dir: TempDir;
  let watcher: WorkspaceWatcher;
  beforeEach(async () => {
    dir = await makeTempDir('rg-watch-');
    await mkdir(join(dir.path, 'src'));
    watcher = new WorkspaceWatcher(dir.path);
  });
  afterEach(async () => {
    watcher.close();
    await dir.remove();
  });

  /** Waits for events the kernel may deliver a little later than one loop turn. */
  const settled = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await WorkspaceWatcher.settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('asks for a walk until it has watched a walk, then reports changed files', async () => {
    assert.deepEqual(watcher.take(), { kind: 'walk' });
    const now = Date.now();
    watcher.walked(['', 'src'], now);
    assert.equal(watcher.watchedFolders, 2);
    await writeFile(join(dir.path, 'src', 'a.ts'), 'export const a = 1;\n');
    await settled();
    const pending = watcher.take(now);
    assert.equal(pending.kind, 'paths');
    assert.ok(pending.kind === 'paths' && pending.paths.has('src/a.ts'));
    assert.deepEqual(watcher.take(now), { kind: 'paths', paths: new Set() });
  });

  it('asks for a walk when a .gitignore changes, when the safety interval passed, and once closed', async () => {
    const now = Date.now();
    watcher.walked(['', 'src'], now);
    await writeFile(join(dir.path, 'src', '.gitignore'), 'a.ts\n');
    await settled();
    assert.deepEqual(watcher.take(now), { kind: 'walk' });
    watcher.walked(['', 'src'], now);
    assert.deepEqual(watcher.take(now + FULL_WALK_INTERVAL_MS + 1), { kind: 'walk' });
    watcher.close();
    assert.deepEqual(watcher.take(now), { kind: 'walk' });
  });
});

describe('CodeIndex with watch', () => {
  let repo: TempDir;
  let index: CodeIndex | undefined;
  beforeEach(async () => {
    repo = await copySmallRepo();
  });
  afterEach(async () => {
    index?.close();
    await repo.remove();
  });

  it('re-indexes an edited file, adds a new one and drops a deleted one without a full walk', async () => {
    const embedder = new CountingEmbedder();
    index = await CodeIndex.open({ root: repo.path, embedder, watch: true });
    const first = await index.refresh();
    assert.ok(first.files > 0);
    // The files no event named count as unchanged, as a walk counts them (`index` through the daemon says the same).
    assert.deepEqual(await index.refresh(), { ...first, indexed: 0, unchanged: first.files });

    await writeFile(join(repo.path, 'src', 'added.ts'), FUNCTION('added'));
    const added = await index.refresh();
    assert.equal(added.indexed, 1);
    assert.equal(added.files, first.files + 1);
    assert.equal(added.unchanged, first.files);
    assert.ok(index.readCode('src/added.ts#added'));

    await writeFile(join(repo.path, 'src', 'added.ts'), `${FUNCTION('added')}\n${FUNCTION('second')}`);
    assert.equal((await index.refresh()).indexed, 1);
    assert.ok(index.readCode('src/added.ts#second'));

    await rm(join(repo.path, 'src', 'added.ts'));
    const removed = await index.refresh();
    assert.equal(removed.removed, 1);
    assert.equal(removed.files, first.files);
  });

  it('finds files in a new folder (through a walk) and honours a nested .gitignore there', async () => {
    index = await CodeIndex.open({ root: repo.path, embedder: new CountingEmbedder(), watch: true });
    const first = await index.refresh();
    await mkdir(join(repo.path, 'src', 'fresh'));
    await writeFile(join(repo.path, 'src', 'fresh', '.gitignore'), 'ignored.ts\n');
    await writeFile(join(repo.path, 'src', 'fresh', 'kept.ts'), FUNCTION('kept'));
    await writeFile(join(repo.path, 'src', 'fresh', 'ignored.ts'), FUNCTION('ignored'));
    const stats = await index.refresh();
    assert.equal(stats.files, first.files + 1);
    assert.ok(index.readCode('src/fresh/kept.ts#kept'));
    assert.equal(index.readCode('src/fresh/ignored.ts#ignored'), undefined);
    // Now watched: an edit inside the new folder is seen.
    const kept = join(repo.path, 'src', 'fresh', 'kept.ts');
    await writeFile(kept, `${await readFile(kept, 'utf8')}\n${FUNCTION('later')}`);
    assert.equal((await index.refresh()).indexed, 1);
    assert.ok(index.readCode('src/fresh/kept.ts#later'));
  });
});
