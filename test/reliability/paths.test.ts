/**
 * Hostile and odd paths through the review service, as the MCP tool and the
 * CLI hand them over: every path that leads outside the workspace root is
 * refused per file and never read, odd files get a clear note, and the good
 * entries of the same batch are still reviewed. The index never follows a
 * symlink out of the root.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService, type ReviewService } from '../../src/pipeline/index.js';
import { formatText } from '../../src/report/text.js';
import { runCli } from '../support/cli.js';
import { SAMPLE_REPO } from '../support/sample-repo.js';

const MAX_FILE_BYTES = 20_000;
// A name the naming rule flags: if a refused file were read, this finding would show up.
const LEAK = 'export const Leaked_Secret = 1;\n';
const GOOD = 'src/report/messages.ts';

describe('paths and files handed to a review', () => {
  let base: string;
  let root: string;
  let outside: string;
  let service: ReviewService;

  before(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), 'rg-rel-paths-')));
    root = join(base, 'repo');
    outside = join(base, 'outside');
    await cp(SAMPLE_REPO, root, { recursive: true, filter: (src) => !src.includes('.review-guard') });
    await writeFile(join(root, 'review-guard.config.json'), JSON.stringify({ maxFileBytes: MAX_FILE_BYTES, rules: { naming: 'warning' } }));
    await mkdir(outside);
    await writeFile(join(outside, 'secret.ts'), LEAK);
    // A copy of a workspace function outside the root: found only if the index followed the link.
    await cp(join(root, 'src', 'config', 'load.ts'), join(outside, 'copy.ts'));
    await symlink(join(outside, 'secret.ts'), join(root, 'src', 'link.ts'));
    await symlink(outside, join(root, 'src', 'linked-dir'));
    await symlink(join(root, 'src', 'util', 'strings.ts'), join(root, 'src', 'alias.ts'));
    await writeFile(join(root, 'src', 'huge.ts'), `export const big = ${JSON.stringify('x'.repeat(MAX_FILE_BYTES))};\n`);
    await writeFile(join(root, 'src', 'binary.ts'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]));
    await writeFile(join(root, 'src', 'empty.ts'), '');
    await writeFile(join(root, 'src', 'latin1.ts'), Buffer.concat([Buffer.from('export const café = "'), Buffer.from([0xe9, 0xff]), Buffer.from('";\n')]));
    service = await createReviewService({ root, watch: false });
  });
  after(async () => {
    service.close();
    await rm(base, { recursive: true, force: true });
  });

  const refusedOutside: Array<[string, () => string, RegExp]> = [
    ['.. out of the root', () => '../outside/secret.ts', /outside the workspace root/],
    ['.. hidden in the middle', () => 'src/../../outside/secret.ts', /outside the workspace root/],
    ['an absolute path elsewhere', () => join(outside, 'secret.ts'), /outside the workspace root/],
    ['a symlinked file pointing out', () => 'src/link.ts', /symlink .* outside the workspace root/],
    ['a file under a symlinked folder pointing out', () => 'src/linked-dir/secret.ts', /symlink .* outside the workspace root/],
    ['Windows separators leading out', () => '..\\outside\\secret.ts', /outside the workspace root/],
    ['a Windows drive path', () => 'C:\\Users\\x\\secret.ts', /Windows drive/],
    ['a NUL byte', () => 'src/link.ts\0.md', /NUL byte/],
    ['a very long path', () => `src/${'a/'.repeat(3000)}x.ts`, /too long/],
    ['a path with one overlong name', () => `src/${'b'.repeat(300)}.ts`, /too long/],
  ];
  for (const [name, input, reason] of refusedOutside) {
    it(`refuses ${name} and reviews the rest of the batch`, async () => {
      const { findings, summary } = await service.review({ files: [input(), GOOD] }, { model: false });
      const [refused, good] = summary.files;
      assert.equal(refused?.status, 'error');
      assert.match(refused?.reason ?? '', reason);
      assert.ok(refused!.file.length <= 200, 'the echoed path is shortened');
      assert.doesNotMatch(refused!.file, /\0/);
      assert.equal(good?.status, 'reviewed');
      assert.ok(findings.some((f) => f.rule === 'max-lines' && f.file === GOOD), 'the good file still gets its findings');
      assert.ok(!findings.some((f) => f.symbol === 'Leaked_Secret'), 'the refused file was never read');
      assert.ok(findings.every((f) => f.file === GOOD));
    });
  }

  it('refuses the same paths on the command line and still reviews the rest', async () => {
    const run = await runCli(root, ['review', '--no-model', '../outside/secret.ts', 'src/link.ts', 'src/linked-dir/secret.ts', GOOD]);
    // A refused path is the caller's mistake (exit 2), but the good file's findings are printed all the same.
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /secret\.ts: error: .* is outside the workspace root/);
    assert.match(run.stdout, /src\/link\.ts: error: .*symlink .* outside the workspace root/);
    assert.match(run.stdout, /src\/linked-dir\/secret\.ts: error: .*symlink .* outside the workspace root/);
    assert.match(run.stdout, /\[max-lines\]/);
    assert.doesNotMatch(run.stdout, /Leaked_Secret/);
  });

  it('reviews Windows separators inside the root as the same file', async () => {
    const { summary } = await service.review({ files: ['src\\util\\strings.ts'] }, { model: false });
    assert.deepEqual(summary.files.map((f) => [f.file, f.status]), [['src/util/strings.ts', 'reviewed']]);
  });

  it('reviews a symlink that stays inside the root under its target name', async () => {
    const { summary } = await service.review({ files: ['src/alias.ts'] }, { model: false });
    assert.deepEqual(summary.files.map((f) => [f.file, f.status]), [['src/util/strings.ts', 'reviewed']]);
  });

  it('skips binary and oversized files with a note naming the limit', async () => {
    const { summary } = await service.review({ files: ['src/binary.ts', 'src/huge.ts', GOOD] }, { model: false });
    const [binary, huge, good] = summary.files;
    assert.equal(binary?.status, 'skipped');
    assert.match(binary?.reason ?? '', /binary/);
    assert.equal(huge?.status, 'skipped');
    assert.match(huge?.reason ?? '', new RegExp(`over the ${MAX_FILE_BYTES}-byte limit \\(maxFileBytes\\)`));
    assert.equal(good?.status, 'reviewed');
  });

  it('reviews empty and invalid UTF-8 files with a note, and the text report shows it', async () => {
    const result = await service.review({ files: ['src/empty.ts', 'src/latin1.ts'] }, { model: false });
    const [empty, latin1] = result.summary.files;
    assert.equal(empty?.status, 'reviewed');
    assert.match(empty?.reason ?? '', /empty/);
    assert.equal(latin1?.status, 'reviewed');
    assert.match(latin1?.reason ?? '', /not valid UTF-8/);
    const text = formatText(result);
    assert.match(text, /src\/empty\.ts: note: .*empty/);
    assert.match(text, /src\/latin1\.ts: note: .*not valid UTF-8/);
  });

  it('never indexes code behind a symlink that points out of the root', async () => {
    const stats = await service.updateIndex({ rebuild: true });
    assert.ok(stats.files > 0);
    const { findings } = await service.review({ files: ['src/config/load.ts'] }, { model: false });
    const related = findings.flatMap((f) => f.related ?? []).map((r) => r.file);
    assert.ok(related.length > 0, 'the in-root copy (settings.ts) is still found');
    assert.ok(related.every((file) => !file.startsWith('src/linked-dir') && !file.startsWith('..')), related.join(', '));
  });
});
