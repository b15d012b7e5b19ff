/**
 * @fileoverview The findings harness's written-set mode as the real child
 * process, on the hand-written small-repo corpus with a tiny written set
 * made here: the T1 copy (the original unchanged but for a rename) is
 * found, each copy is reviewed at its own new file (a missing folder is
 * created and removed again), tuned jscpd runs on the same copies, the
 * negative is reported on its own row, and the corpus is never written to.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { encodeT1 } from '../../bench/eval/written/t1.js';
import { makeTempDir, REPO_ROOT, type TempDir } from '../support/sample-repo.js';

const run = promisify(execFile);
const HARNESS = join(REPO_ROOT, 'dist', 'bench', 'eval-findings.js');
const CORPUS = join(REPO_ROOT, 'fixtures', 'indexer', 'small-repo');

interface WrittenJson {
  readonly summary: { readonly tiers: ReadonlyArray<{ readonly tier: string; readonly n: number; readonly found: number; readonly jscpd?: number }>; readonly negatives: { readonly n: number } };
  readonly results: ReadonlyArray<{ readonly id: string; readonly tier: string; readonly error?: string; readonly judgement?: { readonly outcome: string } }>;
}

describe('bench/eval-findings --written (child process)', () => {
  let tmp: TempDir;
  let stdout: string;
  let report: WrittenJson;
  let listingBefore: string[];
  before(async () => {
    tmp = await makeTempDir();
    listingBefore = (await readdir(CORPUS, { recursive: true })).map(String).sort();
    const set = join(tmp.path, 'set');
    await mkdir(set);
    const original = { file: 'src/util/collections.ts', symbol: 'groupBy', startLine: 1, endLine: 10 };
    const lines = (await readFile(join(CORPUS, original.file), 'utf8')).split('\n').slice(0, 10);
    const t1 = `${lines.join('\n').replace('function groupBy<T>', 'function bucketBy<T>')}\n`;
    await writeFile(join(set, 'small-001.t1.json'), JSON.stringify(encodeT1(lines, t1)));
    await writeFile(join(set, 'small-001.t2.ts'), 'export const bucketBy = <T>(items: readonly T[], key: (item: T) => string) =>\n  items.reduce((m, item) => m.set(key(item), [...(m.get(key(item)) ?? []), item]), new Map<string, T[]>());\n');
    await writeFile(join(set, 'small-001.t3.ts'), 'export function byKey<T>(xs: readonly T[], f: (x: T) => string) {\n  const out = new Map<string, T[]>();\n  xs.forEach((x) => out.set(f(x), (out.get(f(x)) ?? []).concat([x])));\n  return out;\n}\n');
    await writeFile(join(set, 'small-n01.ts'), 'export function celsiusToFahrenheit(celsius: number): number {\n  return (celsius * 9) / 5 + 32;\n}\n');
    await writeFile(
      join(set, 'corpus.json'),
      JSON.stringify({
        repo: 'review-guard/small-repo',
        commit: '0'.repeat(40),
        cases: [{ id: 'small-001', original, newFile: 'src/grouping/bucket-by.ts' }],
        negatives: [{ id: 'small-n01', newFile: 'src/util/temperature.ts' }],
      }),
    );
    const json = join(tmp.path, 'out.json');
    ({ stdout } = await run(process.execPath, [HARNESS, '--written', set, CORPUS, '--json', json], { cwd: REPO_ROOT }));
    report = JSON.parse(await readFile(json, 'utf8')) as WrittenJson;
  });
  after(() => tmp.remove());

  it('finds the adapted copy and reports every tier and the negatives', () => {
    const t1 = report.summary.tiers.find((r) => r.tier === 't1');
    assert.deepEqual({ n: t1?.n, found: t1?.found }, { n: 1, found: 1 });
    assert.deepEqual(report.summary.tiers.map((r) => r.tier), ['t1', 't2', 't3', 'overall']);
    assert.equal(report.summary.negatives.n, 1);
    assert.ok(report.results.every((r) => r.error === undefined), JSON.stringify(report.results));
    assert.ok(report.summary.tiers.every((r) => r.jscpd !== undefined), 'tuned jscpd ran on every tier');
    assert.match(stdout, /\| T1 adapted \| 1 \| 1\/1 \(100\.0%\) \|/);
    assert.match(stdout, /\| negatives flagged \| 1 \|/);
  });

  it('never writes into the corpus (the new folder lives in the scratch copy only)', async () => {
    assert.deepEqual((await readdir(CORPUS, { recursive: true })).map(String).sort(), listingBefore);
  });
});
