/**
 * @fileoverview Benchmarks our deterministic rules against ESLint on the
 * same files in one run: `max-lines` (skipComments, skipBlankLines) and
 * typescript-eslint's `naming-convention` (typescript-eslint parser) against
 * our `max-lines` and `naming` with the same naming conventions pasted in
 * (fixtures/naming-oracle/eslint-naming.json). Three sides: ours (files
 * parsed on worker threads, as a review of many files does), ESLint as it
 * runs by default (one thread) and ESLint with `--concurrency` set to the
 * machine's cores. Each side runs in its own child process so its wall
 * time and peak RSS are its own; reports files/s, wall, peak RSS, findings
 * and the ratios.
 *
 * Usage: node dist/bench/bench-rules.js <corpus> [--json out.json]
 * (internally: node dist/bench/bench-rules.js <corpus> --side ours|eslint|eslint-threads)
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSourceText, walkSourceFiles } from '../indexer/walk/file-walk.js';
import { runRules } from '../rules/engine.js';
import { createSourceFiles, type ParseJob } from '../syntax/index.js';
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

type Side = 'ours' | 'eslint' | 'eslint-threads';
const SIDES: readonly Side[] = ['ours', 'eslint', 'eslint-threads'];

async function runSide(side: Side, root: string): Promise<SideResult> {
  const entries = await walkSourceFiles(root);
  const started = performance.now();
  if (side === 'eslint-threads') {
    // ESLint's workers read the files themselves: reading them here too would count against it.
    const counts = await runEslintThreads(root, entries.map((entry) => entry.relPath));
    return { files: entries.length, loopMs: performance.now() - started, ...counts };
  }
  const texts = entries.flatMap((entry) => {
    const text = readSourceText(root, entry.absPath);
    return text === undefined ? [] : [{ path: entry.relPath, text, language: entry.language }];
  });
  const counts = side === 'ours' ? await runOurs(texts) : await runEslint(texts);
  return { files: texts.length, loopMs: performance.now() - started, ...counts };
}

type Counts = Pick<SideResult, 'maxLinesFindings' | 'namingFindings'>;

/** Our rules, on files parsed as a review of many files parses them: on worker threads (syntax/parse-pool.ts). */
async function runOurs(texts: readonly ParseJob[]): Promise<Counts> {
  const settings = {
    'max-lines': { options: { max: MAX_LINES } },
    naming: { options: { conventions: CONVENTIONS, ignore: [] } },
    'max-function-lines': { severity: 'off' as const },
    'near-duplicate-names': { severity: 'off' as const },
  };
  let maxLinesFindings = 0;
  let namingFindings = 0;
  for await (const file of createSourceFiles(texts)) {
    for (const result of runRules(file, settings)) {
      if (result.ruleId === 'max-lines') maxLinesFindings++;
      else if (result.ruleId === 'naming') namingFindings++;
    }
  }
  return { maxLinesFindings, namingFindings };
}

/** ESLint as `eslint` runs by default: one file after another on one thread (its Linter, in process). */
async function runEslint(texts: readonly ParseJob[]): Promise<Counts> {
  // Loaded only for its own side: ESLint's modules must not count against ours.
  const { EslintOracle } = await import('./lib/eslint-oracle.js');
  const oracle = new EslintOracle({ namingConvention: CONVENTIONS });
  let maxLinesFindings = 0;
  let namingFindings = 0;
  for (const { path: relPath, text } of texts) {
    const messages = oracle.lint(relPath, text);
    const count = EslintOracle.countFrom(messages);
    if (typeof count === 'number' && count > MAX_LINES) maxLinesFindings++;
    namingFindings += messages.filter((m) => m.ruleId === '@typescript-eslint/naming-convention').length;
  }
  return { maxLinesFindings, namingFindings };
}

/**
 * ESLint with `--concurrency` set to the machine's cores (ESLint 9.34+ lints
 * on worker threads; its `auto` picks half the cores), through its API with
 * a config file, as the CLI would run it.
 */
async function runEslintThreads(root: string, files: readonly string[]): Promise<Counts> {
  const { ESLint } = await import('eslint');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rg-bench-eslint-'));
  try {
    const configFile = path.join(dir, 'eslint.config.mjs');
    // The same config as the one-thread side, built by the oracle module (ESLint's workers load this file).
    const oracle = new URL('./lib/eslint-oracle.js', import.meta.url).href;
    await writeFile(
      configFile,
      [
        `import { eslintFlatConfig } from ${JSON.stringify(oracle)};`,
        `export default eslintFlatConfig({ namingConvention: ${JSON.stringify(CONVENTIONS)} }, ${MAX_LINES});`,
      ].join('\n'),
    );
    const eslint = new ESLint({ cwd: root, overrideConfigFile: configFile, ignore: false, concurrency: os.availableParallelism() });
    const results = await eslint.lintFiles(files.map((file) => path.join(root, file)));
    let maxLinesFindings = 0;
    let namingFindings = 0;
    for (const result of results) {
      maxLinesFindings += result.messages.filter((m) => m.ruleId === 'max-lines').length;
      namingFindings += result.messages.filter((m) => m.ruleId === '@typescript-eslint/naming-convention').length;
    }
    return { maxLinesFindings, namingFindings };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface Measured {
  readonly side: string;
  readonly result: SideResult;
  readonly run: RunResult;
}

async function measure(side: Side, root: string): Promise<Measured> {
  const script = fileURLToPath(import.meta.url);
  const run = await timedRun(process.execPath, [script, root, '--side', side]);
  return { side, result: JSON.parse(run.stdout) as SideResult, run };
}

function formatRow({ side, result, run }: Measured): string {
  const rate = (result.files / run.wallMs) * 1000;
  return [
    side.padEnd(14),
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
  if (SIDES.includes(values.side as Side)) {
    process.stdout.write(JSON.stringify(await runSide(values.side as Side, root)));
    return;
  }
  // One after the other: the machine's cores are shared, so running sides at once would measure contention.
  const ours = await measure('ours', root);
  const eslint = await measure('eslint', root);
  const eslintThreads = await measure('eslint-threads', root);
  const ratio = eslint.run.wallMs / ours.run.wallMs;
  const loopRatio = eslint.result.loopMs / ours.result.loopMs;
  const threadsRatio = eslintThreads.run.wallMs / ours.run.wallMs;
  process.stdout.write(
    [
      `corpus ${root}`,
      'rules: max-lines (skipComments, skipBlankLines, max 250) + naming-convention (fixtures/naming-oracle/eslint-naming.json)',
      formatRow(ours),
      formatRow(eslint),
      formatRow(eslintThreads),
      `ESLint / ours: wall ${ratio.toFixed(1)}x, loop ${loopRatio.toFixed(1)}x, peak RSS ${(eslint.run.peakRssKb / ours.run.peakRssKb).toFixed(1)}x`,
      `ESLint --concurrency ${os.availableParallelism()} / ours: wall ${threadsRatio.toFixed(1)}x`,
      '',
    ].join('\n'),
  );
  if (values.json) await writeFile(values.json, JSON.stringify({ root, ours, eslint, eslintThreads, ratio, loopRatio, threadsRatio }, null, 2));
}

await main();
