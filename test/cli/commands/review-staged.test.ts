/**
 * `review --staged` and `review --changed` against a real temporary git
 * repository: the staged text is what gets reviewed, and diff-only keeps
 * what the change touched.
 */
import assert from 'node:assert/strict';
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ReviewResultSchema } from '../../../src/pipeline/index.js';
import { git, runCli, sampleGitRepo } from '../../support/cli.js';
import type { SampleRepo } from '../../support/sample-repo.js';

describe('review --staged / --changed', () => {
  let repo: SampleRepo;
  let copy: string;
  const stringsTs = () => join(repo.root, 'src', 'util', 'strings.ts');
  const review = (...args: string[]) => runCli(repo.root, ['review', '--no-model', ...args]);
  before(async () => {
    repo = await sampleGitRepo();
    const loadTs = await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8');
    const body = loadTs.slice(loadTs.indexOf('export function loadConfig'), loadTs.indexOf('/** True when'));
    copy = `\nimport { readFileSync } from 'node:fs';\nimport type { AppConfig } from '../config/load.js';\n\n${body.replace('loadConfig', 'readFromDisk')}`;
  });
  beforeEach(async () => {
    await git(repo.root, 'reset', '-q', '--hard');
    await git(repo.root, 'clean', '-qfd', '--exclude=.review-guard');
  });
  after(() => repo.remove());

  it('reviews the staged text when the working tree differs', async () => {
    const clean = await readFile(stringsTs(), 'utf8');
    await appendFile(stringsTs(), copy);
    await git(repo.root, 'add', 'src/util/strings.ts');
    await writeFile(stringsTs(), clean); // the working tree is clean again; the copy is only staged
    const staged = await review('--staged');
    assert.equal(staged.code, 1);
    assert.match(staged.stdout, /^ {2}src\/util\/strings\.ts:\d+ +error +"readFromDisk" duplicates/m);
    const workingTree = await review('--changed', 'src/util/strings.ts');
    assert.equal(workingTree.code, 0);
    assert.match(workingTree.stdout, /No findings in 1 file/);
  });

  it('reviews a staged file that is gone from the working tree (the commit still holds it)', async () => {
    const added = join(repo.root, 'src', 'util', 'added.ts');
    await writeFile(added, copy);
    await git(repo.root, 'add', 'src/util/added.ts');
    await rm(added);
    const { code, stdout, stderr } = await review('--staged');
    assert.equal(code, 1, stderr);
    assert.match(stdout, /^ {2}src\/util\/added\.ts:\d+ +error +"readFromDisk" duplicates/m);
    assert.match(stdout, /added\.ts is not in the working tree; its staged text was reviewed/);
  });

  it('passes when only the working tree has the problem', async () => {
    await appendFile(stringsTs(), '\nexport const widthOf = (s: string): number => s.length;\n');
    await git(repo.root, 'add', 'src/util/strings.ts');
    await appendFile(stringsTs(), copy);
    const { code, stdout } = await review('--staged', '--json');
    assert.equal(code, 0);
    const result = ReviewResultSchema.parse(JSON.parse(stdout));
    assert.deepEqual(result.findings, []);
    assert.deepEqual(result.summary.files.map((f) => f.file), ['src/util/strings.ts']);
  });

  it('is diff-only by default: an old duplicate in a staged file is not reported, --full reports it', async () => {
    const settings = join(repo.root, 'src', 'handler', 'settings.ts');
    await writeFile(settings, (await readFile(settings, 'utf8')).replace('(${settings.logLevel})', '[${settings.logLevel}]'));
    await git(repo.root, 'add', '-A');
    const scoped = await review('--staged');
    assert.equal(scoped.code, 0);
    assert.doesNotMatch(scoped.stdout, /duplicates/);
    // A near copy: a warning, reported once the whole file is in scope.
    const full = await review('--staged', '--full');
    assert.equal(full.code, 0);
    assert.match(full.stdout, /warning "parseSettings" duplicates "loadConfig"/);
  });

  it('reviews only staged source files, and only those named when files are given', async () => {
    await writeFile(join(repo.root, 'notes.md'), '# notes\n');
    await appendFile(stringsTs(), copy);
    await git(repo.root, 'add', '-A');
    const all = ReviewResultSchema.parse(JSON.parse((await review('--staged', '--json')).stdout));
    assert.deepEqual(all.summary.files.map((f) => f.file), ['src/util/strings.ts']);
    const named = ReviewResultSchema.parse(JSON.parse((await review('--staged', '--json', 'src/config/load.ts')).stdout));
    assert.deepEqual(named.summary.files, [], 'load.ts is not staged');
  });

  it('nothing staged: exit 0', async () => {
    const { code, stdout } = await review('--staged');
    assert.equal(code, 0);
    assert.match(stdout, /No findings in 0 file/);
  });

  it('--changed counts an untracked file as wholly new', async () => {
    await writeFile(join(repo.root, 'src', 'handler', 'copy.ts'), copy);
    const { code, stdout } = await review('--changed', 'src/handler/copy.ts');
    assert.equal(code, 1);
    assert.match(stdout, /"readFromDisk" duplicates/);
  });

  it('--changed without files reviews every changed source file, untracked ones included', async () => {
    await writeFile(join(repo.root, 'src', 'handler', 'copy.ts'), copy);
    await appendFile(stringsTs(), '\nexport const widthOf = (s: string): number => s.length;\n');
    await writeFile(join(repo.root, 'notes.md'), '# notes\n');
    const { code, stdout } = await review('--changed', '--json');
    assert.equal(code, 1);
    const result = ReviewResultSchema.parse(JSON.parse(stdout));
    assert.deepEqual(result.summary.files.map((f) => f.file), ['src/handler/copy.ts', 'src/util/strings.ts']);
    assert.deepEqual(result.findings.map((f) => [f.file, f.rule]), [['src/handler/copy.ts', 'duplicate']]);
  });

  it('refuses --staged outside a git repository with a clear message', async () => {
    const { copySampleRepo } = await import('../../support/sample-repo.js');
    const plain = await copySampleRepo();
    try {
      const { code, stderr } = await runCli(plain.root, ['review', '--staged']);
      assert.equal(code, 2);
      assert.match(stderr, /not inside a git repository; --staged needs one/);
    } finally {
      await plain.remove();
    }
  });
});
