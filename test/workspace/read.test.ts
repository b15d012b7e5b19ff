/**
 * @fileoverview The guarded read (workspace/read.ts): what it reads
 * and what it refuses, with the kernel's answer for where a descriptor
 * points (/proc/self/fd) and with the realpath + inode check used where the
 * OS has none.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readInsideRoot, readInsideRootSync, type GuardedReadOptions, type Links } from '../../workspace/read.js';
import { makeRootBesideOutside, type TempDir } from '../support/sample-repo.js';

const INSIDE = 'export const inside = 1;\n';
const OUTSIDE = 'export const CANARY_outside = 1;\n';

describe('readInsideRoot', () => {
  let base: TempDir;
  let root: string;
  before(async () => {
    base = await makeRootBesideOutside('rg-guarded-read-', { 'repo/src/a.ts': INSIDE, 'outside/a.ts': OUTSIDE });
    root = join(base.path, 'repo');
    await symlink(join(root, 'src', 'a.ts'), join(root, 'alias.ts'));
    await symlink(join(root, 'src'), join(root, 'alias-dir'));
    await symlink(join(base.path, 'outside', 'a.ts'), join(root, 'out.ts'));
    await symlink(join(base.path, 'outside'), join(root, 'out-dir'));
    await symlink(join(root, 'nowhere.ts'), join(root, 'dangling.ts'));
    execFileSync('mkfifo', [join(root, 'pipe.ts')]);
  });
  after(() => base.remove());

  // Every case with both ways of telling where the descriptor points, both APIs.
  const variants: Array<[string, (file: string, options: GuardedReadOptions) => Promise<ReturnType<typeof readInsideRootSync>>]> = [];
  for (const descriptorPaths of [true, false]) {
    const how = descriptorPaths ? '/proc/self/fd' : 'realpath + inode';
    variants.push([`${how}, sync`, async (file, options) => readInsideRootSync(root, join(root, file), { ...options, descriptorPaths })]);
    variants.push([`${how}, async`, (file, options) => readInsideRoot(root, join(root, file), { ...options, descriptorPaths })]);
  }

  const cases: Array<[string, Links, string, string]> = [
    ['src/a.ts', 'refuse', 'read', 'a file at its own path'],
    ['src/a.ts', 'inside', 'read', 'a file at its own path'],
    ['alias.ts', 'inside', 'read', 'a link to a file inside, followed'],
    ['alias-dir/a.ts', 'inside', 'read', 'a file under a link to a folder inside, followed'],
    ['alias.ts', 'refuse', 'link', 'a link to a file inside, when links are refused'],
    ['alias-dir/a.ts', 'refuse', 'link', 'a file under a linked folder, when links are refused'],
    ['out.ts', 'inside', 'outside', 'a link to a file outside'],
    ['out-dir/a.ts', 'inside', 'outside', 'a file under a link to a folder outside'],
    ['out.ts', 'refuse', 'link', 'a link to a file outside, when links are refused'],
    ['out-dir/a.ts', 'refuse', 'link', 'a file under a link to a folder outside, when links are refused'],
    ['../outside/a.ts', 'refuse', 'outside', 'a path out of the root'],
    ['../outside/a.ts', 'inside', 'outside', 'a path out of the root'],
    ['src/gone.ts', 'inside', 'missing', 'a missing file'],
    ['dangling.ts', 'inside', 'missing', 'a dangling link'],
    ['src', 'inside', 'not-file', 'a folder'],
    ['pipe.ts', 'inside', 'not-file', 'a FIFO (opened without blocking)'],
  ];
  for (const [name, read] of variants) {
    for (const [file, links, expected, what] of cases) {
      it(`${name}: ${what} (${links}) → ${expected}`, async () => {
        const result = await read(file, { links });
        assert.equal(result.ok ? 'read' : result.problem, expected);
        if (result.ok) {
          assert.equal(result.bytes.toString('utf8'), INSIDE);
          assert.equal(result.realPath, join(root, 'src', 'a.ts'));
          assert.equal(result.stats.size, INSIDE.length);
        }
      });
    }
    it(`${name}: refuses a file over maxBytes with its size`, async () => {
      assert.deepEqual(await read('src/a.ts', { links: 'refuse', maxBytes: 4 }), { ok: false, problem: 'too-large', size: INSIDE.length });
    });
  }
});
