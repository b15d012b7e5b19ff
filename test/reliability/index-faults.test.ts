/**
 * The index store under faults: a folder that cannot be written, a full
 * disk, a store deleted under a running service, a crash between write and
 * rename (temp files and a dead writer's lock left behind), store files
 * truncated or garbled. Writers killed or running at once are in
 * index-writers.test.ts. Every time: no crash, every deterministic finding,
 * a clear notice where something was lost, and a store that reopens and
 * answers searches afterwards.
 */
import assert from 'node:assert/strict';
import { chmod, mkdir, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService } from '../../src/pipeline/index.js';
import { INDEX_DIR } from '../../src/pipeline/service.js';
import { runCli } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';
import { assertComplete, DUPLICATE_FILE, reviewOnce, run, storeFiles } from './index-support.js';

describe('index store faults', () => {
  let repo: SampleRepo;
  let indexDir: string;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
    indexDir = join(repo.root, INDEX_DIR);
  });
  after(() => repo.remove());

  it('reviews fully and says so when the index folder cannot be written', async () => {
    await mkdir(join(repo.root, '.review-guard'), { recursive: true });
    // A file where the folder should be: refused to root as well, unlike permission bits.
    await writeFile(indexDir, 'not a folder');
    try {
      const result = await reviewOnce(repo.root);
      assertComplete(result);
      const notices = (result.summary.notices ?? []).join('\n');
      assert.match(notices, /could not be saved \(.*(EEXIST|ENOTDIR).*\); the findings are complete/);
      // `index` exists to write the store: there it is an error to fix (exit 2), not an internal one.
      const run = await runCli(repo.root, ['index']);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /the index under .* could not be written \(.*(EEXIST|ENOTDIR).*\); make sure that path is a folder you can write/);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    } finally {
      await rm(indexDir);
    }
  });

  it('reviews fully when the index folder is read-only (permission bits; skipped as root)', async (t) => {
    if (process.getuid?.() === 0) return t.skip('root ignores permission bits');
    await reviewOnce(repo.root);
    await chmod(indexDir, 0o555);
    try {
      await writeFile(join(repo.root, 'src', 'util', 'extra.ts'), 'export const extra = 1;\n');
      const result = await reviewOnce(repo.root, [DUPLICATE_FILE, 'src/report/messages.ts', 'src/util/extra.ts']);
      assertComplete(result);
      assert.match((result.summary.notices ?? []).join('\n'), /could not be saved/);
    } finally {
      await chmod(indexDir, 0o755);
      await rm(join(repo.root, 'src', 'util', 'extra.ts'));
    }
  });

  it('keeps the last complete store when the disk fills up during a save (tmpfs; root only)', async (t) => {
    const mountPoint = join(repo.root, '.review-guard');
    await rm(mountPoint, { recursive: true, force: true });
    await mkdir(mountPoint);
    if (!(await run('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]))) {
      await rm(mountPoint, { recursive: true, force: true });
      return t.skip('mounting a small tmpfs needs root');
    }
    try {
      assertComplete(await reviewOnce(repo.root));
      const metaBefore = await readFile(join(indexDir, 'meta.json'), 'utf8');
      // Fill the disk up to the last few KiB: the next save cannot write its vector file.
      await run('sh', ['-c', `dd if=/dev/zero of=${join(mountPoint, 'filler')} bs=1k count=2000 2>/dev/null; true`]);
      await writeFile(join(repo.root, 'src', 'util', 'more.ts'), 'export function more(a: number): number {\n  return a * 2;\n}\n');
      const full = await reviewOnce(repo.root, [DUPLICATE_FILE, 'src/report/messages.ts', 'src/util/more.ts']);
      assertComplete(full);
      assert.match((full.summary.notices ?? []).join('\n'), /could not be saved \(.*ENOSPC.*\)/);
      assert.equal(await readFile(join(indexDir, 'meta.json'), 'utf8'), metaBefore, 'the last complete store is untouched');
      const left = await storeFiles(repo.root);
      assert.deepEqual(left.filter((n) => !['meta.json', 'walk.json'].includes(n) && !n.startsWith('vectors-')), [], 'no lock or temp file left');
      assert.equal(left.filter((n) => n.startsWith('vectors-')).length, 1, 'no half-written vector file left');
      await rm(join(mountPoint, 'filler'));
      const after = await reviewOnce(repo.root);
      assertComplete(after);
      assert.ok(!(after.summary.notices ?? []).some((n) => /discarded|could not be saved/.test(n)), (after.summary.notices ?? []).join('; '));
    } finally {
      await run('umount', [mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
      await rm(join(repo.root, 'src', 'util', 'more.ts'), { force: true });
    }
  });

  it('rebuilds a store deleted under a running (watching) service', async () => {
    const service = await createReviewService({ root: repo.root, env: {}, watch: true });
    try {
      assertComplete(await service.review({ files: [DUPLICATE_FILE, 'src/report/messages.ts'] }, { model: false }));
      assert.ok((await storeFiles(repo.root)).includes('meta.json'));
      await rm(join(repo.root, '.review-guard'), { recursive: true, force: true });
      assertComplete(await service.review({ files: [DUPLICATE_FILE, 'src/report/messages.ts'] }, { model: false }));
      assert.ok((await storeFiles(repo.root)).includes('meta.json'), 'saved again');
    } finally {
      service.close();
    }
    assertComplete(await reviewOnce(repo.root));
  });

  it('ignores what a crash between write and rename leaves: temp files and a dead writer\'s lock', async () => {
    await reviewOnce(repo.root);
    const metaBefore = await readFile(join(indexDir, 'meta.json'), 'utf8');
    await writeFile(join(indexDir, '.review-guard-tmp-999999-0badc0de-meta.json'), metaBefore.slice(0, metaBefore.length / 2));
    await writeFile(join(indexDir, '.review-guard-tmp-999999-0badc0de-vectors-00ff00ff00ff00ff.flat'), Buffer.alloc(100, 7));
    await writeFile(join(indexDir, 'write.lock'), JSON.stringify({ pid: 999_999, host: (await import('node:os')).hostname(), createdAt: '2026-01-01T00:00:00Z', token: 'x' }));
    // A new file makes the next review save, so it must take the dead writer's lock.
    await writeFile(join(repo.root, 'src', 'util', 'fresh.ts'), 'export function fresh(a: number): number {\n  return a + 1;\n}\n');
    const result = await reviewOnce(repo.root, [DUPLICATE_FILE, 'src/report/messages.ts', 'src/util/fresh.ts']);
    assertComplete(result);
    assert.equal(result.summary.notices, undefined, 'the good store was used, not discarded');
    assert.notEqual(await readFile(join(indexDir, 'meta.json'), 'utf8'), metaBefore, 'saved past the stale lock');
    assert.ok(!(await storeFiles(repo.root)).includes('write.lock'), 'the lock was released');
    await rm(join(repo.root, 'src', 'util', 'fresh.ts'));
  });

  const damage: Array<[string, (dir: string) => Promise<void>, RegExp?]> = [
    ['meta.json cut in half', async (dir) => truncate(join(dir, 'meta.json'), Math.floor((await stat(join(dir, 'meta.json'))).size / 2))],
    // Still valid JSON: without the checksum the index took the original's text as changed and dropped its duplicates for good.
    ["one hex digit of the original's hash changed in meta.json", async (dir) => {
      const raw = await readFile(join(dir, 'meta.json'), 'utf8');
      const at = raw.indexOf('"hash":"', raw.indexOf('"src/config/load.ts":')) + '"hash":"'.length;
      await writeFile(join(dir, 'meta.json'), `${raw.slice(0, at)}${raw[at] === '0' ? '1' : '0'}${raw.slice(at + 1)}`);
    }, /does not match its checksum/],
    ['meta.json replaced by garbage', (dir) => writeFile(join(dir, 'meta.json'), '\u0000\u0001garbage')],
    ['the vector file cut short', async (dir) => {
      const vectors = (await readdir(dir)).find((n) => n.startsWith('vectors-'))!;
      await truncate(join(dir, vectors), 10);
    }],
    ['the vector file deleted', async (dir) => {
      const vectors = (await readdir(dir)).find((n) => n.startsWith('vectors-'))!;
      await rm(join(dir, vectors));
    }],
  ];
  for (const [name, harm, reason = /.+/] of damage) {
    it(`discards and rebuilds a store with ${name}, with a notice`, async () => {
      await reviewOnce(repo.root);
      await harm(indexDir);
      const result = await reviewOnce(repo.root);
      assertComplete(result);
      const notices = (result.summary.notices ?? []).join('\n');
      assert.match(notices, /index store discarded \(.+\); it is rebuilt/);
      assert.match(notices, reason);
      const again = await reviewOnce(repo.root);
      assertComplete(again);
      assert.equal(again.summary.notices, undefined, 'the rebuilt store loads cleanly');
    });
  }
});
