/**
 * `review-guard baseline` and what later reviews do with it: known findings
 * are left out (with a note), new ones are reported; a broken baseline file
 * is a config problem (exit 2).
 */
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BASELINE_FILE_NAME } from '../../../src/pipeline/index.js';
import { runCli } from '../../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../../support/sample-repo.js';

describe('review-guard baseline', () => {
  let repo: SampleRepo;
  const cli = (...args: string[]) => runCli(repo.root, args);
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  it('records every current finding of the workspace; later reviews report only new ones', async () => {
    const before = await cli('review', '--no-model', 'src/handler/settings.ts', 'src/report/messages.ts');
    assert.equal(before.code, 1);
    const recorded = await cli('baseline');
    assert.equal(recorded.code, 0);
    assert.match(recorded.stdout, /^Recorded \d+ finding\(s\) from 5 reviewed file\(s\) in review-guard\.baseline\.json/);
    const baseline = JSON.parse(await readFile(join(repo.root, BASELINE_FILE_NAME), 'utf8')) as { version: number; findings: { rule: string; file: string }[] };
    assert.equal(baseline.version, 1);
    assert.ok(baseline.findings.some((f) => f.rule === 'duplicate' && f.file === 'src/handler/settings.ts'));
    assert.equal(recorded.stdout.match(/^Recorded (\d+)/)?.[1], String(baseline.findings.length), 'the count is what the file holds');

    const after = await cli('review', '--no-model', 'src/handler/settings.ts', 'src/report/messages.ts');
    assert.equal(after.code, 0, after.stdout);
    assert.match(after.stdout, /^note: \d+ finding\(s\) recorded in review-guard\.baseline\.json not shown$/m);
    assert.match(after.stdout, /No findings in 2 file/);

    await appendFile(join(repo.root, 'src', 'handler', 'settings.ts'), '\nexport const Bad_name = 1;\n');
    const fresh = await cli('review', '--no-model', '--json', 'src/handler/settings.ts');
    const result = JSON.parse(fresh.stdout) as { findings: { rule: string; symbol?: string }[] };
    assert.deepEqual(result.findings.map((f) => [f.rule, f.symbol]), [['naming', 'Bad_name']]);
  });

  it('with files named, re-records those and keeps the other files\' entries', async () => {
    await cli('baseline');
    const path = join(repo.root, BASELINE_FILE_NAME);
    const whole = JSON.parse(await readFile(path, 'utf8')) as { findings: { file: string }[] };
    assert.equal((await cli('baseline', 'src/handler/settings.ts')).code, 0);
    const partial = JSON.parse(await readFile(path, 'utf8')) as { findings: { file: string }[] };
    assert.deepEqual(partial.findings.filter((f) => f.file !== 'src/handler/settings.ts'), whole.findings.filter((f) => f.file !== 'src/handler/settings.ts'));
    assert.ok(partial.findings.some((f) => f.file === 'src/handler/settings.ts'));
  });

  it('takes named files as review does: relative to where the user stands inside the root, else to --root', async () => {
    const inside = await runCli(join(repo.root, 'src', 'handler'), ['baseline', 'settings.ts']);
    assert.equal(inside.code, 0, inside.stdout + inside.stderr);
    assert.match(inside.stdout, /from 1 reviewed file/);
    const elsewhere = await mkdtemp(join(tmpdir(), 'rg-baseline-cwd-'));
    try {
      const outside = await runCli(elsewhere, ['baseline', '--root', repo.root, 'src/handler/settings.ts']);
      assert.equal(outside.code, 0, outside.stdout + outside.stderr);
      assert.match(outside.stdout, /from 1 reviewed file/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('a baseline file that links outside the workspace: refused, exit 2 naming it, the target unchanged', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'rg-baseline-outside-'));
    const path = join(repo.root, BASELINE_FILE_NAME);
    try {
      const canary = 'outside the workspace: must stay as it is\n';
      await writeFile(join(outside, 'target'), canary);
      await rm(path, { force: true });
      await symlink(join(outside, 'target'), path);
      const message = `\`${BASELINE_FILE_NAME}\` is a symlink to a file outside the workspace root; review-guard does not read or write through it — replace the link or edit the target yourself`;
      for (const args of [['baseline'], ['baseline', 'src/handler/settings.ts']]) {
        const { code, stderr } = await cli(...args);
        assert.equal(code, 2, stderr);
        assert.equal(stderr, `review-guard: ${message}\n`, args.join(' '));
      }
      assert.equal(await readFile(join(outside, 'target'), 'utf8'), canary);
    } finally {
      await rm(path, { force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('a broken baseline file: exit 2 naming the file and the fix', async () => {
    await writeFile(join(repo.root, BASELINE_FILE_NAME), '{"version": 2, "findings": []}');
    const { code, stderr } = await cli('review', '--no-model', 'src/util/strings.ts');
    assert.equal(code, 2);
    assert.match(stderr, /review-guard\.baseline\.json: "version": .*run "review-guard baseline" to write it again/);
  });

  it('records every finding of a file over maxFindingsPerFile, so a later review of it reports none', async () => {
    const capped = await copySampleRepo({ model: { enabled: false }, maxFindingsPerFile: 2 });
    try {
      const run = (...args: string[]) => runCli(capped.root, args);
      const file = 'src/handler/http-handler.ts';
      const listed = JSON.parse((await run('review', '--json', file)).stdout) as { findings: { omitted?: number }[]; summary: { counts: { warning: number } } };
      assert.equal(listed.findings.filter((f) => f.omitted === undefined).length, 2);
      const naming = listed.summary.counts.warning;
      assert.ok(naming > 2);
      assert.equal((await run('baseline', file)).code, 0);
      const baseline = JSON.parse(await readFile(join(capped.root, BASELINE_FILE_NAME), 'utf8')) as { findings: unknown[] };
      assert.equal(baseline.findings.length, naming);
      const after = JSON.parse((await run('review', '--json', file)).stdout) as { findings: unknown[] };
      assert.deepEqual(after.findings, []);
    } finally {
      await capped.remove();
    }
  });
});
