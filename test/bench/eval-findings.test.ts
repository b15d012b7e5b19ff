/**
 * @fileoverview The findings harness, run as the real child process on the
 * hand-written small-repo corpus with hand-written foreign functions: it
 * must report found copies (an unedited copy is always found), must not
 * count a foreign function as found, runs jscpd on the same copies, and
 * never writes into the corpus it measures.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { reviewInBatches } from '../../src/cli/commands/review.js';
import { createReviewService, type ReviewResult } from '../../src/pipeline/index.js';
import { CLI_PATH, copyFixtureRepo, makeTempDir, REPO_ROOT, type TempDir } from '../support/sample-repo.js';

const run = promisify(execFile);
const HARNESS = join(REPO_ROOT, 'dist', 'bench', 'eval-findings.js');
const CORPUS = join(REPO_ROOT, 'fixtures', 'indexer', 'small-repo');
const FOREIGN = join(REPO_ROOT, 'fixtures', 'findings-foreign');

interface Row {
  readonly type: string;
  readonly n: number;
  readonly error: number;
  readonly warning: number;
  readonly outcomes: Record<string, number>;
  readonly jscpd: Record<string, number>;
}

interface Report {
  readonly summary: readonly Row[];
  readonly foreign: ReadonlyArray<{ readonly findings?: ReadonlyArray<{ readonly severity: string }> }>;
  readonly untouched: readonly unknown[];
  readonly results: ReadonlyArray<{ readonly type: string; readonly copyFile?: string; readonly judgement?: { readonly outcome: string } }>;
}

async function listing(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

describe('bench/eval-findings (child process)', () => {
  let tmp: TempDir;
  let stdout: string;
  let report: Report;
  let before_: string[];
  before(async () => {
    tmp = await makeTempDir();
    before_ = await listing(CORPUS);
    const json = join(tmp.path, 'out.json');
    const args = [HARNESS, CORPUS, '--foreign', FOREIGN, '--samples', '20', '--min-lines', '5', '--types', 'none,rename,reformat', '--untouched', '5', '--json', json];
    ({ stdout } = await run(process.execPath, args, { cwd: REPO_ROOT }));
    report = JSON.parse(await readFile(json, 'utf8')) as Report;
  });
  after(() => tmp.remove());

  const row = (type: string): Row => {
    const found = report.summary.find((r) => r.type === type);
    assert.ok(found, `a row for ${type}`);
    return found;
  };

  it('finds every unedited copy and renamed copies through the review path, and says so in the table', () => {
    const none = row('none');
    assert.ok(none.n >= 4, `enough samples (${none.n})`);
    assert.equal(none.error + none.warning, none.n, 'an exact copy of a function is always reported');
    assert.ok(row('rename').error + row('rename').warning > 0, 'renamed copies are found');
    assert.match(stdout, /^\| none \| \d+ \| 0 \| 100\.0% \|/m);
    // Copies are reviewed as new files next to their originals, with the original's extension.
    for (const r of report.results.filter((x) => x.copyFile)) assert.match(r.copyFile!, /^src\/.+\/rg-copy-\d+\.(ts|tsx|js)$/);
  });

  it('does not count a renamed foreign function as a copy', () => {
    const reviewed = report.foreign.filter((f) => f.findings !== undefined);
    assert.ok(reviewed.length >= 3, `foreign functions reviewed (${reviewed.length})`);
    const flagged = reviewed.filter((f) => f.findings!.some((x) => x.severity !== 'info'));
    assert.equal(flagged.length, 0);
    assert.match(stdout, /flagged \(warning or error duplicate\): 0 \(0\.0%\)/);
  });

  it('runs jscpd on the same copies at both settings, once per edit type', () => {
    const none = row('none');
    // Its defaults (50 tokens, 5 lines) skip the shortest functions; the long unedited ones it links to their original.
    assert.ok(none.jscpd.default! >= none.n / 2, `jscpd default found ${none.jscpd.default}/${none.n}`);
    assert.equal(typeof none.jscpd.tuned, 'number');
    assert.match(stdout, /jscpd default: 3 runs/);
    assert.match(stdout, /jscpd tuned: 3 runs/);
  });

  it('reviews untouched functions and leaves the corpus as it was', async () => {
    assert.equal(report.untouched.length, 5);
    assert.deepEqual(await listing(CORPUS), before_);
  });

  it('rejects bad options with the usage and exit code 2', async () => {
    await assert.rejects(run(process.execPath, [HARNESS, CORPUS, '--types', 'nonsense']), (error: { code?: number; stderr?: string }) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr ?? '', /unknown edit type\(s\) nonsense/);
      return true;
    });
  });
});

describe('the harness review path', () => {
  // groupBy of small-repo's src/util/collections.ts, renamed as an agent would.
  const COPY = `export function bucketBy<T>(entries: readonly T[], keyOf: (entry: T) => string): Map<string, T[]> {
  const buckets = new Map<string, T[]>();
  for (const entry of entries) {
    const name = keyOf(entry);
    const bucket = buckets.get(name);
    if (bucket) bucket.push(entry);
    else buckets.set(name, [entry]);
  }
  return buckets;
}
`;

  it('gives the findings of a `review --no-model` child process, and a deleted copy is never named again', async () => {
    const repo = await copyFixtureRepo(CORPUS);
    const service = await createReviewService({ root: repo.root, watch: true });
    try {
      await service.updateIndex();
      await writeFile(join(repo.root, 'src/util/rg-copy-0.ts'), COPY);
      const inProcess = await reviewInBatches(service, ['src/util/rg-copy-0.ts'], { model: false });
      const child = await run(process.execPath, [CLI_PATH, 'review', '--no-model', '--format', 'json', 'src/util/rg-copy-0.ts'], { cwd: repo.root }).catch(
        (error: { code?: number; stdout?: string }) => ({ stdout: error.code === 1 ? (error.stdout ?? '') : '' }),
      );
      const cli = JSON.parse(child.stdout) as ReviewResult;
      const duplicates = inProcess.findings.filter((f) => f.rule === 'duplicate');
      assert.ok(duplicates.some((f) => f.related?.some((r) => r.file === 'src/util/collections.ts' && r.symbol === 'groupBy')), 'the copy is reported');
      assert.deepEqual(inProcess.findings, cli.findings);

      // The harness deletes each copy after its review: the next review must not offer it as an original.
      await rm(join(repo.root, 'src/util/rg-copy-0.ts'));
      await writeFile(join(repo.root, 'src/util/rg-copy-1.ts'), COPY);
      const next = await reviewInBatches(service, ['src/util/rg-copy-1.ts'], { model: false });
      const named = next.findings.flatMap((f) => f.related ?? []).map((r) => r.file);
      assert.ok(named.includes('src/util/collections.ts'));
      assert.ok(!named.includes('src/util/rg-copy-0.ts'), `named: ${named.join(', ')}`);
    } finally {
      service.close();
      await repo.remove();
    }
  });
});
