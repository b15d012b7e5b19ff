/**
 * @fileoverview Indexed text read back for snippets and `read_code`: only
 * from the file at its indexed path, never through a symlink swapped in for
 * it or for a folder on its way, even when the target holds the very text
 * that was indexed (its hash would match).
 */
import assert from 'node:assert/strict';
import { rename, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { contentHash } from '../../indexer/hash.js';
import { IndexedTexts } from '../../indexer/indexed-text.js';
import { makeRootBesideOutside, type TempDir } from '../support/sample-repo.js';

const TEXT = 'export const indexed = 1;\n';

describe('IndexedTexts', () => {
  let base: TempDir;
  let root: string;
  beforeEach(async () => {
    base = await makeRootBesideOutside('rg-indexed-text-', { 'repo/src/a.ts': TEXT, 'outside/a.ts': TEXT });
    root = join(base.path, 'repo');
  });
  afterEach(() => base.remove());

  it('reads the file back while it is at its path and its hash matches', () => {
    const texts = new IndexedTexts(root, 1024);
    assert.equal(texts.get('src/a.ts', contentHash(TEXT)), TEXT);
    assert.equal(texts.get('src/a.ts', contentHash('other')), undefined);
    assert.equal(new IndexedTexts(root, 4).get('src/a.ts', contentHash(TEXT)), undefined, 'over the size limit');
  });

  it('does not read a file swapped for a link to an outside copy', async () => {
    await rename(join(root, 'src', 'a.ts'), join(root, 'a.ts.bak'));
    await symlink(join(base.path, 'outside', 'a.ts'), join(root, 'src', 'a.ts'));
    assert.equal(new IndexedTexts(root, 1024).get('src/a.ts', contentHash(TEXT)), undefined);
  });

  it('does not read through a folder swapped for a link to an outside folder', async () => {
    await rename(join(root, 'src'), join(root, 'src.bak'));
    await symlink(join(base.path, 'outside'), join(root, 'src'));
    assert.equal(new IndexedTexts(root, 1024).get('src/a.ts', contentHash(TEXT)), undefined);
  });
});
