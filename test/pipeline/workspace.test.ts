import assert from 'node:assert/strict';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findWorkspaceRoot, locateWorkspaceRoot, readWorkspaceFile } from '../../src/pipeline/workspace.js';

const options = { maxFileBytes: 1024 };

describe('workspace root guard', () => {
  let base: string;
  let root: string;

  before(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), 'rg-ws-')));
    root = join(base, 'repo');
    await mkdir(join(root, '.git'), { recursive: true });
    await mkdir(join(root, 'src', 'deep'), { recursive: true });
    await writeFile(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    await writeFile(join(base, 'secret.ts'), 'export const secret = 1;\n');
    await mkdir(join(base, 'outside'));
    await writeFile(join(base, 'outside', 'x.ts'), 'export const x = 1;\n');
    await symlink(join(base, 'secret.ts'), join(root, 'src', 'link.ts'));
    await symlink(join(base, 'outside'), join(root, 'src', 'linked-dir'));
    await writeFile(join(root, 'src', 'big.ts'), 'x'.repeat(2048));
    await writeFile(join(root, 'src', 'bin.ts'), Buffer.from([0x65, 0, 0x66]));
  });
  after(() => rm(base, { recursive: true, force: true }));

  it('finds the nearest ancestor with .git', () => {
    assert.equal(findWorkspaceRoot(join(root, 'src', 'deep')), root);
  });

  it('prefers an explicit root', () => {
    assert.equal(findWorkspaceRoot(base, 'repo/src'), join(root, 'src'));
  });

  it('reads a file inside the root by relative and absolute path', async () => {
    const rel = await readWorkspaceFile(root, 'src/a.ts', options);
    const abs = await readWorkspaceFile(root, join(root, 'src/a.ts'), options);
    assert.ok(rel.ok && abs.ok);
    assert.equal(rel.relPath, 'src/a.ts');
    assert.equal(abs.relPath, 'src/a.ts');
  });

  const refused: Array<[string, (root: string) => string, RegExp]> = [
    ['.. out of the root', () => '../secret.ts', /outside the workspace root/],
    ['an absolute path elsewhere', () => join(base, 'secret.ts'), /outside the workspace root/],
    ['a symlinked file pointing out', () => 'src/link.ts', /symlink .* outside the workspace root/],
    ['a symlinked folder pointing out', () => 'src/linked-dir/x.ts', /symlink .* outside the workspace root/],
    ['a NUL byte', () => 'src/a.ts\0.png', /NUL byte/],
    ['a missing file, by name', () => 'src/missing.ts', /file not found: src\/missing\.ts/],
    ['a folder', () => 'src', /not a regular file/],
  ];
  for (const [name, path, reason] of refused) {
    it(`refuses ${name}`, async () => {
      const result = await readWorkspaceFile(root, path(root), options);
      assert.equal(result.ok, false);
      if (!result.ok) {
        assert.equal(result.status, 'error');
        assert.match(result.reason, reason);
      }
    });
  }

  it('skips files over the size limit and binary files with a note', async () => {
    const big = await readWorkspaceFile(root, 'src/big.ts', options);
    const binary = await readWorkspaceFile(root, 'src/bin.ts', options);
    assert.ok(!big.ok && big.status === 'skipped' && /1024-byte limit/.test(big.reason));
    assert.ok(!binary.ok && binary.status === 'skipped' && /binary/.test(binary.reason));
  });
});

describe('locateWorkspaceRoot', () => {
  let base: string;
  before(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), 'rg-root-')));
    await mkdir(join(base, 'git-repo', '.git'), { recursive: true });
    await mkdir(join(base, 'git-repo', 'pkg', 'src'), { recursive: true });
    await writeFile(join(base, 'git-repo', 'pkg', 'package.json'), JSON.stringify({ name: 'pkg', reviewGuard: {} }));
    await mkdir(join(base, 'git-repo', 'plain', 'src'), { recursive: true });
    await writeFile(join(base, 'git-repo', 'plain', 'package.json'), JSON.stringify({ name: 'plain' }));
    await mkdir(join(base, 'loose'), { recursive: true });
  });
  after(() => rm(base, { recursive: true, force: true }));

  it('says which marker chose the root', () => {
    assert.deepEqual(locateWorkspaceRoot(join(base, 'git-repo', 'plain', 'src')), { root: join(base, 'git-repo'), chosenBy: 'git', marker: '.git' });
    assert.deepEqual(locateWorkspaceRoot(join(base, 'git-repo', 'pkg', 'src')), {
      root: join(base, 'git-repo', 'pkg'),
      chosenBy: 'package-json',
      marker: 'package.json "reviewGuard"',
    });
    assert.deepEqual(locateWorkspaceRoot(base, 'loose'), { root: join(base, 'loose'), chosenBy: 'flag' });
  });

});
