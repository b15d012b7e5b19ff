import assert from 'node:assert/strict';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readSourceText, sourceEntry, toWorkspacePath, walkSourceFiles } from '../../../indexer/walk/file-walk.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';
import { put } from '../support.js';

describe('walkSourceFiles', () => {
  let root: TempDir;
  let outside: TempDir;
  before(async () => {
    root = await makeTempDir();
    outside = await makeTempDir();
    await put(root.path, 'src/a.ts');
    await put(root.path, 'src/b.tsx');
    await put(root.path, 'src/deep/c.mjs');
    await put(root.path, 'lib/d.js');
    await put(root.path, 'tools/e.py', 'x = 1\n');
    await put(root.path, 'cmd/f.go', 'package main\n');
    await put(root.path, '.eslintrc.cjs');
    await put(root.path, 'README.md', '# not code');
    await put(root.path, 'src/types.d.ts', 'declare const y: number;');
    await put(root.path, 'src/big.ts', `// ${'x'.repeat(2000)}\n`);
    for (const skipped of ['node_modules/pkg', 'dist', 'build', 'out', 'coverage', '.git', '.review-guard', '.cache', 'venv/lib']) {
      await put(root.path, `${skipped}/skipped.ts`);
    }
    await put(root.path, 'venv/lib/site.py', 'x = 1\n');

    await put(outside.path, 'secret.ts');
    await put(outside.path, 'nested/inner.ts');
    await symlink(outside.path, join(root.path, 'linked-dir'), 'dir');
    await symlink(join(outside.path, 'secret.ts'), join(root.path, 'src/linked-file.ts'));
  });
  after(async () => {
    await root.remove();
    await outside.remove();
  });

  it('lists source files by extension, sorted, with POSIX relative paths', async () => {
    const entries = await walkSourceFiles(root.path, { maxFileBytes: 1000 });
    assert.deepEqual(
      entries.map((e) => e.relPath),
      ['.eslintrc.cjs', 'cmd/f.go', 'lib/d.js', 'src/a.ts', 'src/b.tsx', 'src/deep/c.mjs', 'tools/e.py'],
    );
    const a = entries.find((e) => e.relPath === 'src/a.ts')!;
    assert.equal(a.absPath, join(root.path, 'src', 'a.ts'));
    assert.equal(a.language, 'typescript');
    assert.equal(a.size, 'export const x = 1;\n'.length);
    assert.ok(a.mtimeMs > 0);
  });

  it('skips dependency, build and hidden folders, .d.ts, large files and symlinks', async () => {
    const paths = (await walkSourceFiles(root.path, { maxFileBytes: 1000 })).map((e) => e.relPath);
    for (const p of paths) assert.doesNotMatch(p, /skipped|types\.d\.ts|big|linked|secret|inner|venv/);
    // The size limit is the only reason big.ts is missing.
    assert.ok((await walkSourceFiles(root.path)).some((e) => e.relPath === 'src/big.ts'));
  });

  it('walks a root given as a symlink to the workspace', async () => {
    const link = join(outside.path, 'workspace-link');
    await symlink(root.path, link, 'dir');
    assert.deepEqual(
      (await walkSourceFiles(link, { maxFileBytes: 1000 })).map((e) => e.relPath),
      (await walkSourceFiles(root.path, { maxFileBytes: 1000 })).map((e) => e.relPath),
    );
  });

  it('returns nothing for a root that does not exist', async () => {
    assert.deepEqual(await walkSourceFiles(join(root.path, 'missing')), []);
  });
});

describe('readSourceText', () => {
  let root: TempDir;
  before(async () => {
    root = await makeTempDir();
  });
  after(() => root.remove());

  it('reads text, and refuses binary or missing files', async () => {
    await put(root.path, 'a.ts', 'const é = "ü";\n');
    await put(root.path, 'bin.ts', Buffer.from([0x63, 0x00, 0x64]));
    assert.equal(readSourceText(root.path, join(root.path, 'a.ts')), 'const é = "ü";\n');
    assert.equal(readSourceText(root.path, join(root.path, 'bin.ts')), undefined);
    assert.equal(readSourceText(root.path, join(root.path, 'gone.ts')), undefined);
  });

  it('reads nothing through a symlink, of the file or of a folder on its way, nor over the size limit', async () => {
    await put(root.path, 'real/b.ts', 'export const b = 1;\n');
    await symlink(join(root.path, 'real', 'b.ts'), join(root.path, 'file-link.ts'));
    await symlink(join(root.path, 'real'), join(root.path, 'folder-link'));
    assert.equal(readSourceText(root.path, join(root.path, 'real', 'b.ts')), 'export const b = 1;\n');
    assert.equal(readSourceText(root.path, join(root.path, 'file-link.ts')), undefined);
    assert.equal(readSourceText(root.path, join(root.path, 'folder-link', 'b.ts')), undefined);
    assert.equal(readSourceText(root.path, join(root.path, 'real', 'b.ts'), 5), undefined);
  });

  it('describes one file without following links', async () => {
    await put(root.path, 'one.ts');
    await symlink(join(root.path, 'one.ts'), join(root.path, 'link.ts'));
    assert.equal((await sourceEntry(join(root.path, 'one.ts'), 'one.ts'))?.language, 'typescript');
    assert.equal(await sourceEntry(join(root.path, 'link.ts'), 'link.ts'), undefined);
    assert.equal(await sourceEntry(join(root.path, 'notes.md'), 'notes.md'), undefined);
  });
});

describe('toWorkspacePath', () => {
  it('normalises to POSIX and refuses paths outside the workspace', () => {
    assert.equal(toWorkspacePath('src\\a.ts'), 'src/a.ts');
    assert.equal(toWorkspacePath('./src//b/../a.ts'), 'src/a.ts');
    for (const bad of ['/etc/passwd.ts', '../x.ts', 'src/../../x.ts', 'C:/x.ts', '.']) {
      assert.throws(() => toWorkspacePath(bad), /relative to the workspace root/, bad);
    }
  });
});
