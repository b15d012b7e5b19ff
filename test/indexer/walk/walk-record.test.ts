import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { walkSourceTree, type SourceTree } from '../../../indexer/walk/file-walk.js';
import { parseWalkRecord, serializeWalkRecord, type WalkRecord } from '../../../indexer/walk/walk-record.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';
import { put } from '../support.js';

/** An hour ago: older than any racy window. */
const PAST = (Date.now() - 3_600_000) / 1000;

/** Sets the times of everything under `dir` (and `dir`'s) to PAST, as if nothing had changed for an hour. */
function age(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) age(join(dir, entry.name));
    else utimesSync(join(dir, entry.name), PAST, PAST);
  }
  utimesSync(dir, PAST, PAST);
}

/** Writes `content` to an existing file without changing its folder's time (an in-place edit). */
function editInPlace(root: string, relPath: string, content: string): void {
  const folder = join(root, relPath, '..');
  writeFileSync(join(root, relPath), content);
  utimesSync(folder, PAST, PAST);
}

const paths = (tree: SourceTree): string[] => tree.files.map((f) => f.relPath);

describe('walk records', () => {
  let root: TempDir;
  beforeEach(async () => {
    root = await makeTempDir();
    await put(root.path, 'src/a.ts');
    await put(root.path, 'src/deep/b.ts');
    await put(root.path, 'lib/c.js');
    await put(root.path, 'README.md', '# not code');
    age(root.path);
  });
  afterEach(() => root.remove());

  it('records every folder of an aged tree, and a second walk reuses them all', async () => {
    const first = await walkSourceTree(root.path);
    assert.deepEqual([...first.record.folders.keys()].sort(), ['', 'lib', 'src', 'src/deep']);
    assert.deepEqual(first.record.folders.get('src')?.files, ['a.ts']);
    assert.equal(first.recordChanged, true);
    const second = await walkSourceTree(root.path, {}, first.record);
    assert.deepEqual(paths(second), paths(first));
    assert.deepEqual(second.folders.sort(), first.folders.sort());
    assert.equal(second.recordChanged, false);
  });

  it('lists a folder again when an entry is added or removed, and takes a file edited in place from its stat', async () => {
    const { record } = await walkSourceTree(root.path);
    await put(root.path, 'src/deep/new.ts');
    editInPlace(root.path, 'src/a.ts', 'export const longer = 12345;\n');
    const next = await walkSourceTree(root.path, {}, record);
    assert.deepEqual(paths(next), ['lib/c.js', 'src/a.ts', 'src/deep/b.ts', 'src/deep/new.ts']);
    assert.equal(next.files.find((f) => f.relPath === 'src/a.ts')?.size, 'export const longer = 12345;\n'.length);
    // src/deep was just modified: its listing is not recorded until it is older than the racy window.
    assert.equal(next.record.folders.has('src/deep'), false);
    assert.equal(next.recordChanged, true);
  });

  it('follows an ignore file edited in place, in the folder and below it', async () => {
    await put(root.path, 'src/.gitignore', '# nothing yet\n');
    age(root.path);
    const { record } = await walkSourceTree(root.path);
    const folderTime = statSync(join(root.path, 'src')).mtimeMs;
    editInPlace(root.path, 'src/.gitignore', 'a.ts\nb.ts\n');
    assert.equal(statSync(join(root.path, 'src')).mtimeMs, folderTime, 'the folder time must not give the edit away');
    assert.deepEqual(paths(await walkSourceTree(root.path, {}, record)), ['lib/c.js']);
  });

  it('lists a folder again when an entry is removed', async () => {
    const { record } = await walkSourceTree(root.path);
    rmSync(join(root.path, 'src', 'deep', 'b.ts'));
    assert.deepEqual(paths(await walkSourceTree(root.path, {}, record)), ['lib/c.js', 'src/a.ts']);
  });

  it('does not reuse listings below a folder it could not record when that folder\'s ignore file goes', async () => {
    await put(root.path, 'p/.gitignore', 'secret.ts\n');
    await put(root.path, 'p/sub/ok.ts');
    await put(root.path, 'p/sub/secret.ts');
    age(root.path);
    // p changed just now: its listing (and its ignore file's stamp) is not recorded, p/sub's is.
    utimesSync(join(root.path, 'p'), new Date(), new Date());
    const { record } = await walkSourceTree(root.path);
    assert.equal(record.folders.has('p'), false);
    assert.ok(record.folders.has('p/sub'));
    rmSync(join(root.path, 'p', '.gitignore'));
    assert.deepEqual(paths(await walkSourceTree(root.path, {}, record)).filter((p) => p.startsWith('p/')), ['p/sub/ok.ts', 'p/sub/secret.ts']);
  });

  it('does not record a folder whose ignore file changed within the racy window', async () => {
    await put(root.path, 'src/.gitignore', 'x.ts\n');
    utimesSync(join(root.path, 'src'), PAST, PAST);
    const { record } = await walkSourceTree(root.path);
    assert.equal(record.folders.has('src'), false);
    assert.ok(record.folders.has('src/deep'));
  });

  it('applies a new ignore file to the listings of the folders below it', async () => {
    const { record } = await walkSourceTree(root.path);
    await put(root.path, 'src/.gitignore', 'b.ts\n');
    assert.deepEqual(paths(await walkSourceTree(root.path, {}, record)), ['lib/c.js', 'src/a.ts']);
  });

  it('ignores a record made for other options, another root or another .git/info/exclude', async () => {
    const { record } = await walkSourceTree(root.path);
    assert.deepEqual(paths(await walkSourceTree(root.path, { exclude: ['lib/'] }, record)), ['src/a.ts', 'src/deep/b.ts']);
    const other = await makeTempDir();
    try {
      await put(other.path, 'only.ts');
      assert.deepEqual(paths(await walkSourceTree(other.path, {}, record)), ['only.ts']);
    } finally {
      await other.remove();
    }
    mkdirSync(join(root.path, '.git', 'info'), { recursive: true });
    writeFileSync(join(root.path, '.git', 'info', 'exclude'), 'src/deep/\n');
    utimesSync(root.path, PAST, PAST);
    assert.deepEqual(paths(await walkSourceTree(root.path, {}, record)), ['lib/c.js', 'src/a.ts']);
  });

  it('skips a recorded folder that is gone', async () => {
    const { record } = await walkSourceTree(root.path);
    const stale: WalkRecord = { ...record, folders: new Map([...record.folders, ['lib', { ...record.folders.get('lib')!, folders: ['gone'] }]]) };
    assert.deepEqual(paths(await walkSourceTree(root.path, {}, stale)), ['lib/c.js', 'src/a.ts', 'src/deep/b.ts']);
  });

  it('round-trips through its text and refuses text that is not a record or names paths elsewhere', async () => {
    await put(root.path, 'src/.gitignore', 'x.ts\n');
    age(root.path);
    const { record } = await walkSourceTree(root.path);
    assert.deepEqual(parseWalkRecord(serializeWalkRecord(record)), record);
    const text = JSON.parse(serializeWalkRecord(record)) as { folders: Record<string, unknown[]> };
    for (const name of ['..', '../etc', 'a/b', '.', '']) {
      const bad = structuredClone(text);
      bad.folders['src']![3] = [name];
      assert.equal(parseWalkRecord(JSON.stringify(bad)), undefined, `file name ${JSON.stringify(name)}`);
    }
    for (const broken of ['', '{', '[]', '{"version":2}', JSON.stringify({ ...text, folders: { '': [1, 'x', [], []] } })]) {
      assert.equal(parseWalkRecord(broken), undefined, broken);
    }
  });
});
