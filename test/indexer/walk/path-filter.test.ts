/**
 * @fileoverview Which files the walk takes: .gitignore files (root, nested,
 * negations, deeper files first, .git/info/exclude), include/exclude globs,
 * generated names, and the single-file check `indexSource` uses.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { walkSourceFiles } from '../../../indexer/walk/file-walk.js';
import { PathFilter } from '../../../indexer/walk/path-filter.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';
import { put } from '../support.js';

describe('file selection', () => {
  let root: TempDir;
  const walk = async (options: Parameters<typeof walkSourceFiles>[1] = {}): Promise<string[]> =>
    (await walkSourceFiles(root.path, options)).map((e) => e.relPath);

  before(async () => {
    root = await makeTempDir();
    await put(root.path, '.gitignore', '# build output\n/generated/\n*.local.ts\nsrc/vendor/\n!keep.local.ts\n');
    await put(root.path, '.git/info/exclude', 'scratch.ts\n');
    for (const file of [
      'src/a.ts',
      'src/a.local.ts',
      'src/keep.local.ts',
      'src/vendor/lib.ts',
      'generated/api.ts',
      'lib/generated/inner.ts',
      'scratch.ts',
      'src/scratch.ts',
      'src/deep/b.ts',
      'src/deep/c.ts',
      'src/deep/d.local.ts',
      'src/deep/more/e.ts',
      'src/schema.generated.ts',
      'src/api.gen.ts',
      'src/msg.pb.ts',
      'src/msg_pb.js',
      'src/bundle.min.js',
      'test/a.test.ts',
      'test/fixtures/f.ts',
    ]) {
      await put(root.path, file);
    }
    // Nested: deeper rules win over the root's, in both directions.
    await put(root.path, 'src/deep/.gitignore', 'c.ts\n!d.local.ts\nmore/\n');
  });
  after(() => root.remove());

  it('respects root and nested .gitignore files, negations and .git/info/exclude', async () => {
    assert.deepEqual(await walk(), [
      'lib/generated/inner.ts',
      'src/a.ts',
      'src/deep/b.ts',
      'src/deep/d.local.ts',
      'src/keep.local.ts',
      'test/a.test.ts',
      'test/fixtures/f.ts',
    ]);
  });

  it('takes everything but the built-in skips with gitignore off', async () => {
    const all = await walk({ gitignore: false });
    for (const file of ['generated/api.ts', 'src/a.local.ts', 'src/vendor/lib.ts', 'scratch.ts', 'src/deep/c.ts', 'src/deep/more/e.ts']) {
      assert.ok(all.includes(file), file);
    }
    for (const file of ['src/schema.generated.ts', 'src/api.gen.ts', 'src/msg.pb.ts', 'src/msg_pb.js', 'src/bundle.min.js']) {
      assert.ok(!all.includes(file), `${file} is named as generated`);
    }
  });

  it('applies include and exclude globs relative to the root', async () => {
    assert.deepEqual(await walk({ include: ['src/'] }), ['src/a.ts', 'src/deep/b.ts', 'src/deep/d.local.ts', 'src/keep.local.ts']);
    assert.deepEqual(await walk({ include: ['*.test.ts', 'lib/**/*.ts'] }), ['lib/generated/inner.ts', 'test/a.test.ts']);
    // `dir/**` leaves the folder itself, so a negation can take a file in it back.
    assert.deepEqual(await walk({ exclude: ['test/', 'src/deep/**', '!src/deep/b.ts'] }), [
      'lib/generated/inner.ts',
      'src/a.ts',
      'src/deep/b.ts',
      'src/keep.local.ts',
    ]);
    assert.deepEqual(await walk({ exclude: ['*.local.ts', 'fixtures'] }), ['lib/generated/inner.ts', 'src/a.ts', 'src/deep/b.ts', 'test/a.test.ts']);
    // Exclusion wins over inclusion; the .gitignore still applies.
    assert.deepEqual(await walk({ include: ['src/**'], exclude: ['src/deep/'] }), ['src/a.ts', 'src/keep.local.ts']);
  });

  it('leaves out files over the size limit', async () => {
    await put(root.path, 'src/zz-big.ts', `// ${'x'.repeat(200)}\n`);
    assert.ok(!(await walk({ maxFileBytes: 100 })).includes('src/zz-big.ts'));
    assert.ok((await walk({ maxFileBytes: 1000 })).includes('src/zz-big.ts'));
  });

  it('checks one path as the walk would', async () => {
    const allows = (rel: string, selection = {}): Promise<boolean> => PathFilter.checker(root.path, selection)(rel);
    assert.equal(await allows('src/a.ts'), true);
    assert.equal(await allows('src/deep/d.local.ts'), true);
    for (const rel of ['src/a.local.ts', 'src/vendor/lib.ts', 'src/deep/c.ts', 'src/deep/more/e.ts', 'generated/api.ts', 'scratch.ts']) {
      assert.equal(await allows(rel), false, rel);
    }
    assert.equal(await allows('node_modules/x/index.ts'), false);
    assert.equal(await allows('.github/x.ts'), false);
    assert.equal(await allows('src/api.gen.ts'), false);
    assert.equal(await allows('src/a.ts', { exclude: ['src/a.ts'] }), false);
    assert.equal(await allows('src/a.ts', { include: ['lib/'] }), false);
    assert.equal(await allows('src/a.local.ts', { gitignore: false }), true);
  });
});
