/**
 * The git questions the hook asks after every edit, against real
 * repositories: one process answers "ignored?" and "a work tree?", the
 * change scope of a repository without commits is every file, and the
 * hook's combined question gives the step-by-step answers — from one git
 * process for an edit to a tracked file.
 */
import assert from 'node:assert/strict';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { editedFileScope, gitChangeScope, gitIgnoreStatus, trackedPaths, WHOLE_FILE } from '../../../src/pipeline/index.js';
import { git } from '../../support/cli.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';

const exec = promisify(execFile);

describe('git questions of the hook', () => {
  let dir: TempDir;
  before(async () => {
    dir = await makeTempDir('rg-git-');
    await mkdir(join(dir.path, 'repo'));
    await mkdir(join(dir.path, 'plain'));
    await git(join(dir.path, 'repo'), 'init', '-q', '-b', 'main');
    await writeFile(join(dir.path, 'repo', '.gitignore'), 'build/\n');
    await writeFile(join(dir.path, 'repo', 'a.ts'), 'export const a = 1;\n');
  });
  after(() => dir.remove());

  it('tells an ignored file, a reviewed one and a folder outside any work tree apart', async () => {
    const repo = join(dir.path, 'repo');
    assert.equal(await gitIgnoreStatus(repo, 'build/out.ts'), 'ignored');
    assert.equal(await gitIgnoreStatus(repo, 'a.ts'), 'not-ignored');
    assert.equal(await gitIgnoreStatus(join(dir.path, 'plain'), 'a.ts'), 'no-work-tree');
  });

  it('a repository without commits: every file is wholly new; after the first commit, only the change', async () => {
    const repo = join(dir.path, 'repo');
    assert.deepEqual(await gitChangeScope(repo, ['a.ts'], false, true), new Map([['a.ts', WHOLE_FILE]]));
    await git(repo, 'add', '-A');
    await git(repo, 'commit', '-q', '-m', 'first');
    await writeFile(join(repo, 'a.ts'), 'export const a = 1;\nexport const b = 2;\n');
    const scope = await gitChangeScope(repo, ['a.ts'], false, true);
    assert.deepEqual(scope.get('a.ts'), { kind: 'lines', ranges: [{ start: 2, end: 2 }], growth: 1 });
  });
});

/** The hook's answers asked one question at a time, as it did before `editedFileScope`. */
async function stepByStep(root: string, relPath: string): Promise<Awaited<ReturnType<typeof editedFileScope>>> {
  const standing = await gitIgnoreStatus(root, relPath);
  if (standing === 'ignored') return 'ignored';
  return standing === 'not-ignored' ? gitChangeScope(root, [relPath], false, true) : new Map([[relPath, WHOLE_FILE]]);
}

describe("the hook's git question for one edited file", () => {
  let dir: TempDir;
  let repo: string;
  before(async () => {
    dir = await makeTempDir('rg-git-edit-');
    repo = join(dir.path, 'repo');
    await mkdir(join(repo, 'build'), { recursive: true });
    await git(repo, 'init', '-q', '-b', 'main');
    await writeFile(join(repo, '.gitignore'), 'build/\nforced.ts\n');
    for (const name of ['changed.ts', 'same.ts', 'reverted.ts', 'forced.ts', 'unindexed.ts']) await writeFile(join(repo, name), `export const ${name.slice(0, -3)} = 1;\n`);
    await git(repo, 'add', '-A');
    await git(repo, 'add', '-f', 'forced.ts');
    await git(repo, 'commit', '-q', '-m', 'first');
  });
  after(() => dir.remove());

  it('answers as the questions asked one by one: changed, unchanged, reverted, new, ignored, tracked though ignored, intent-to-add, removed from the index', async () => {
    await writeFile(join(repo, 'changed.ts'), 'export const changed = 2;\nexport const more = 3;\n');
    await writeFile(join(repo, 'reverted.ts'), 'export const reverted = 2;\n');
    await writeFile(join(repo, 'reverted.ts'), 'export const reverted = 1;\n');
    await writeFile(join(repo, 'forced.ts'), 'export const forced = 2;\n');
    await writeFile(join(repo, 'new.ts'), 'export const fresh = 1;\n');
    await writeFile(join(repo, 'added.ts'), 'export const added = 1;\n');
    await git(repo, 'add', '-N', 'added.ts');
    await writeFile(join(repo, 'build', 'out.ts'), 'export const out = 1;\n');
    await git(repo, 'rm', '-q', '--cached', 'unindexed.ts');
    const expected = {
      'changed.ts': new Map([['changed.ts', { kind: 'lines', ranges: [{ start: 1, end: 2 }], growth: 1 }]]),
      'same.ts': new Map(),
      'reverted.ts': new Map(),
      'forced.ts': new Map([['forced.ts', { kind: 'lines', ranges: [{ start: 1, end: 1 }], growth: 0 }]]),
      'new.ts': new Map([['new.ts', WHOLE_FILE]]),
      'added.ts': new Map([['added.ts', { kind: 'lines', ranges: [{ start: 1, end: 1 }], growth: 1 }]]),
      'build/out.ts': 'ignored',
      'unindexed.ts': new Map([['unindexed.ts', WHOLE_FILE]]),
    };
    for (const [relPath, answer] of Object.entries(expected)) {
      const combined = await editedFileScope(repo, relPath);
      assert.deepEqual(combined, await stepByStep(repo, relPath), relPath);
      assert.deepEqual(combined, answer, relPath);
      // A warm process's answer, knowing what git tracks, is the same.
      assert.deepEqual(await editedFileScope(repo, relPath, await trackedPaths(repo)), answer, `${relPath}, knowing what git tracks`);
    }
  });

  it('outside a work tree and before the first commit: every file wholly new, as before', async () => {
    const plain = join(dir.path, 'plain-edit');
    await mkdir(plain);
    await writeFile(join(plain, 'a.ts'), 'export const a = 1;\n');
    assert.deepEqual(await editedFileScope(plain, 'a.ts'), new Map([['a.ts', WHOLE_FILE]]));
    const fresh = join(dir.path, 'fresh-edit');
    await mkdir(fresh);
    await git(fresh, 'init', '-q', '-b', 'main');
    await writeFile(join(fresh, '.gitignore'), 'build/\n');
    await writeFile(join(fresh, 'a.ts'), 'export const a = 1;\n');
    assert.deepEqual(await editedFileScope(fresh, 'a.ts'), new Map([['a.ts', WHOLE_FILE]]));
    assert.equal(await editedFileScope(fresh, 'build/a.ts'), 'ignored');
  });

  /** The git command lines `action` ran, through a `git` first on PATH that logs its arguments, then runs the real one. */
  async function gitCalls(action: () => Promise<unknown>): Promise<string[]> {
    const bin = join(dir.path, 'bin');
    const log = join(dir.path, 'git-calls.log');
    await mkdir(bin, { recursive: true });
    const realGit = (await exec('sh', ['-c', 'command -v git'])).stdout.trim();
    await writeFile(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
    await chmod(join(bin, 'git'), 0o755);
    const path = process.env['PATH'];
    process.env['PATH'] = `${bin}:${path ?? ''}`;
    try {
      await rm(log, { force: true });
      await action();
      return (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
    } finally {
      process.env['PATH'] = path;
    }
  }

  it('an edit to a tracked file costs one git process', async () => {
    await writeFile(join(repo, 'changed.ts'), 'export const changed = 4;\n');
    const calls = await gitCalls(async () => assert.equal(((await editedFileScope(repo, 'changed.ts')) as Map<string, unknown>).has('changed.ts'), true));
    assert.equal(calls.length, 1, calls.join('\n'));
    assert.match(calls[0]!, / diff HEAD -U0 /);
  });

  it('knowing what git tracks, a new file costs one git process and no diff; the list is made again only after the index changed', async () => {
    await trackedPaths(repo);
    await writeFile(join(repo, 'brand-new.ts'), 'export const brandNew = 1;\n');
    const calls = await gitCalls(async () => assert.deepEqual(await editedFileScope(repo, 'brand-new.ts', await trackedPaths(repo)), new Map([['brand-new.ts', WHOLE_FILE]])));
    assert.deepEqual(calls.map((c) => c.replace(/^-c core.quotepath=off /, '')), ['check-ignore -q -- brand-new.ts']);
    await git(repo, 'add', 'brand-new.ts');
    const listed = await gitCalls(async () => assert.equal((await trackedPaths(repo))?.has('brand-new.ts'), true));
    assert.deepEqual(listed.map((c) => c.replace(/^-c core.quotepath=off /, '')), ['ls-files -z']);
  });
});
