/**
 * The git questions the hook asks after every edit, against real
 * repositories: one process answers "ignored?" and "a work tree?", and the
 * change scope of a repository without commits is every file.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gitChangeScope, gitIgnoreStatus, WHOLE_FILE } from '../../src/pipeline/index.js';
import { git } from '../support/cli.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';

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
