/**
 * @fileoverview Benchmarks our deterministic rules against ESLint on the
 * same files in one run: `max-lines` (skipComments, skipBlankLines) and
 * typescript-eslint's `naming-convention` (typescript-eslint parser) against
 * our `max-lines` and `naming` with the same naming conventions pasted in
 * (fixtures/naming-oracle/eslint-naming.json). Each side runs in its own
 * child process so its wall time and peak RSS are its own; reports files/s,
 * wall, peak RSS, findings and the ratio.
 *
 * Usage: node dist/bench/bench-rules.js <corpus> [--json out.json]
 * (internally: node dist/bench/bench-rules.js <corpus> --side ours|eslint)
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSourceText, walkSourceFiles } from '../indexer/file-walk.js';
import { runRules } from '../rules/engine.js';
import { createSourceFiles } from '../syntax/index.js';
import { REPO_ROOT } from './lib/jscpd.js';
import { timedRun, type RunResult } from './lib/proc.js';

const CONVENTIONS: unknown[] = JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures/naming-oracle/eslint-naming.json'), 'utf8'));
const MAX_LINES = 250;

/** What one side reports from its child process. */
interface SideResult {
  readonly files: number;
  /** Time spent reading, parsing and checking, without process start-up. */
  readonly loopMs: number;
  readonly maxLinesFindings: number;
  readonly namingFindings: number;
}

async function runSide(side: 'ours' | 'eslint', root: string): Promise<SideResult> {
  const entries = await walkSourceFiles(root);
  // Loaded only for its own side: ESLint's modules must not count against ours.
  const EslintOracle = side === 'eslint' ? (await import('./lib/eslint-oracle.js')).EslintOracle : undefined;
  const oracle = EslintOracle ? new EslintOracle({ namingConvention: CONVENTIONS }) : undefined;
  const settings = {
    'max-lines': { options: { max: MAX_LINES } },
    naming: { options: { conventions: CONVENTIONS, ignore: [] } },
    'max-function-lines': { severity: 'off' as const },
    'near-duplicate-names': { severity: 'off' as const },
  };
  let files = 0;
  let maxLinesFindings = 0;
  let namingFindings = 0;
  const started = performance.now();
  const texts = entries.flatMap((entry) => {
    const text = readSourceText(entry.absPath);
    return text === undefined ? [] : [{ path: entry.relPath, text, language: entry.language }];
  });
  if (oracle && EslintOracle) {
    for (const { path: relPath, text } of texts) {
      files++;
      const messages = oracle.lint(relPath, text);
      const count = EslintOracle.countFrom(messages);
      if (typeof count === 'number' && count > MAX_LINES) maxLinesFindings++;
      namingFindings += messages.filter((m) => m.ruleId === '@typescript-eslint/naming-convention').length;
    }
  } else {
    // As a review of many files parses them: on worker threads (syntax/parse-pool.ts).
    for await (const file of createSourceFiles(texts)) {
      files++;
      for (const result of runRules(file, settings)) {
        if (result.ruleId === 'max-lines') maxLinesFindings++;
        else if (result.ruleId === 'naming') namingFindings++;
      }
    }
  }
  return { files, loopMs: performance.now() - started, maxLinesFindings, namingFindings };
}

interface Measured {
  readonly side: string;
  readonly result: SideResult;
  readonly run: RunResult;
}

async function measure(side: 'ours' | 'eslint', root: string): Promise<Measured> {
  const script = fileURLToPath(import.meta.url);
  const run = await timedRun(process.execPath, [script, root, '--side', side]);
  return { side, result: JSON.parse(run.stdout) as SideResult, run };
}

function formatRow({ side, result, run }: Measured): string {
  const rate = (result.files / run.wallMs) * 1000;
  return [
    side.padEnd(7),
    `${result.files} files`,
    `wall ${(run.wallMs / 1000).toFixed(2)} s`,
    `loop ${(result.loopMs / 1000).toFixed(2)} s`,
    `${rate.toFixed(0)} files/s`,
    `peak RSS ${(run.peakRssKb / 1024).toFixed(0)} MB (${run.rssSource})`,
    `max-lines findings ${result.maxLinesFindings}`,
    `naming findings ${result.namingFindings}`,
  ].join('  ');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { side: { type: 'string' }, json: { type: 'string' } } });
  const corpus = positionals[0];
  if (!corpus) {
    process.stderr.write('usage: node dist/bench/bench-rules.js <corpus> [--json out.json]\n');
    process.exit(2);
  }
  const root = path.resolve(corpus);
  if (values.side === 'ours' || values.side === 'eslint') {
    process.stdout.write(JSON.stringify(await runSide(values.side, root)));
    return;
  }
  // One after the other: the machine's two cores are shared, so running both at once would measure contention.
  const ours = await measure('ours', root);
  const eslint = await measure('eslint', root);
  const ratio = eslint.run.wallMs / ours.run.wallMs;
  const loopRatio = eslint.result.loopMs / ours.result.loopMs;
  process.stdout.write(
    [
      `corpus ${root}`,
      'rules: max-lines (skipComments, skipBlankLines, max 250) + naming-convention (fixtures/naming-oracle/eslint-naming.json)',
      formatRow(ours),
      formatRow(eslint),
      `ESLint / ours: wall ${ratio.toFixed(1)}x, loop ${loopRatio.toFixed(1)}x, peak RSS ${(eslint.run.peakRssKb / ours.run.peakRssKb).toFixed(1)}x`,
      '',
    ].join('\n'),
  );
  if (values.json) await writeFile(values.json, JSON.stringify({ root, ours, eslint, ratio, loopRatio }, null, 2));
}

await main();
