/**
 * The unified diff init prints: `git apply` accepts it and turns the old
 * text into the new one, for random edits of small files; and a plain
 * change reads as `diff -u` prints it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { unifiedDiff } from '../../../src/cli/init/diff.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';

const exec = promisify(execFile);

describe('unifiedDiff', () => {
  let dir: TempDir;
  before(async () => {
    dir = await makeTempDir('rg-diff-');
    await exec('git', ['init', '-q'], { cwd: dir.path });
  });
  after(() => dir.remove());

  it('reads as diff -u: context lines, one hunk per change, counts of 1 omitted', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\n') + '\n';
    const after = before.replace('b\n', 'B\n').replace('j\n', 'j\nk\n');
    assert.equal(
      unifiedDiff('x.txt', before, after),
      ['--- a/x.txt', '+++ b/x.txt', '@@ -1,5 +1,5 @@', ' a', '-b', '+B', ' c', ' d', ' e', '@@ -8,3 +8,4 @@', ' h', ' i', ' j', '+k'].join('\n'),
    );
    assert.equal(unifiedDiff('n.txt', undefined, 'one\n'), ['--- /dev/null', '+++ b/n.txt', '@@ -0,0 +1 @@', '+one'].join('\n'));
  });

  it('git apply turns the old text into the new one', async () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', '{', '}', '  "x": 1,', ''), { maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(lines, lines, async (a, b) => {
        const beforeText = a.map((line) => `${line}\n`).join('');
        const afterText = b.map((line) => `${line}\n`).join('');
        if (beforeText === afterText) return;
        const file = join(dir.path, 'f.txt');
        await writeFile(file, beforeText);
        await writeFile(join(dir.path, 'f.patch'), `${unifiedDiff('f.txt', beforeText, afterText)}\n`);
        await exec('git', ['apply', 'f.patch'], { cwd: dir.path });
        assert.equal(await readFile(file, 'utf8'), afterText);
      }),
      { numRuns: 60 },
    );
  });
});
