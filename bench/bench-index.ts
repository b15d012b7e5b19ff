/**
 * @fileoverview Benchmarks review-guard's similarity index against jscpd
 * 5.x on one corpus, side by side in one run: full scan vs full index
 * build, incremental update of one changed file (warm and cold), the
 * single-file duplicate check (warm and cold), and index memory per chunk.
 * The corpus is copied once to a temp folder; nothing is written into it.
 *
 * Usage: node dist/bench/bench-index.js <corpus> [--runs N] [--json out.json]
 *   [--profile DIR] [--check-files 50] [--cold-runs 10] [--incremental-files 6] [--keep]
 * With --profile, CPU profiles of a full build, a cold review, the warm
 * checks and the warm incremental updates are written to DIR and summarised.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { formatProfile, readProfile, summarizeProfile } from './lib/cpuprofile.js';
import { corpusInfo, machineInfo, scratchCopy } from './lib/env-info.js';
import { findJscpd, jscpdVersion, REPO_ROOT } from './lib/jscpd.js';
import { hasGnuTime } from './lib/proc.js';
import { formatReport, type BenchResult } from './lib/report.js';
import {
  coldIncremental,
  coldReviews,
  fullBuilds,
  jscpdScans,
  jscpdTotals,
  profileIn,
  runWorker,
  startupFloors,
} from './lib/scenarios.js';
import { spread } from './lib/stats.js';
import type { HeapProbeResult, IncrementalResult, WarmCheckResult } from './lib/types.js';

/** Candidates per chunk, as the review service's default config asks for. */
const CANDIDATES = 5;

interface BenchArgs {
  readonly corpus: string;
  readonly runs: number;
  readonly json?: string;
  readonly profile?: string;
  readonly checkFiles: number;
  readonly coldRuns: number;
  readonly incrementalFiles: number;
  readonly keep: boolean;
}

function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      runs: { type: 'string', default: '3' },
      json: { type: 'string' },
      profile: { type: 'string' },
      'check-files': { type: 'string', default: '50' },
      'cold-runs': { type: 'string', default: '10' },
      'incremental-files': { type: 'string', default: '6' },
      keep: { type: 'boolean', default: false },
    },
  });
  const int = (name: string, raw: string): number => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
    return n;
  };
  if (positionals.length !== 1) throw new Error('usage: bench-index.js <corpus> [--runs N] [--json out.json] [--profile DIR]');
  return {
    corpus: path.resolve(positionals[0]!),
    runs: int('runs', values.runs),
    ...(values.json ? { json: path.resolve(values.json) } : {}),
    ...(values.profile ? { profile: path.resolve(values.profile) } : {}),
    checkFiles: int('check-files', values['check-files']),
    coldRuns: int('cold-runs', values['cold-runs']),
    incrementalFiles: int('incremental-files', values['incremental-files']),
    keep: values.keep,
  };
}

const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2));
  const started = performance.now();
  const machine = machineInfo();
  const jscpd = findJscpd();
  log(`copying ${args.corpus} to a temp folder`);
  const copy = await scratchCopy(args.corpus);
  try {
    const { info, entries } = await corpusInfo(copy.root, path.basename(args.corpus));
    log(`corpus: ${info.files} files, ${info.lines} lines`);

    log('jscpd: counting scan, then timed scans');
    const totals = await jscpdTotals(jscpd, copy.root);
    const jscpdScan = await jscpdScans(jscpd, copy.root, args.runs);
    const jscpdScanOneWorker = await jscpdScans(jscpd, copy.root, args.runs, 1);

    log(`review-guard: ${args.runs} full builds`);
    const build = await fullBuilds(copy.root, args.runs);

    log('index memory (fresh process, --expose-gc)');
    const heap = await runWorker<HeapProbeResult>('heap', copy.root);

    log(`warm single-file checks (${args.checkFiles} files)`);
    const candidates = spread(entries.map((e) => e.relPath), args.checkFiles * 3);
    const checkInput = { files: candidates, count: args.checkFiles, candidates: CANDIDATES };
    const warmCheck = await runWorker<WarmCheckResult>('warm-check', copy.root, checkInput);
    const incFiles = spread(warmCheck.files, args.incrementalFiles);
    const incInput = { files: incFiles, count: incFiles.length, candidates: CANDIDATES };

    log(`warm incremental updates (${incFiles.length} files, edit + restore)`);
    const warmIncremental = await runWorker<IncrementalResult>('incremental', copy.root, incInput);

    log('cold CLI: incremental index, review --no-model, start-up floors');
    const coldFiles = spread(warmCheck.files, args.coldRuns);
    const coldInc = await coldIncremental(copy.root, coldFiles.slice(0, Math.ceil(args.coldRuns / 2)));
    const coldReview = await coldReviews(copy.root, coldFiles);
    const floors = await startupFloors(5);

    const result: BenchResult = {
      machine,
      corpus: info,
      runs: args.runs,
      rssSource: hasGnuTime() ? '/usr/bin/time -v' : '/proc/<pid>/status VmHWM polling',
      jscpd: { version: jscpdVersion(), native: jscpd.native, totals },
      jscpdScan,
      jscpdScanOneWorker,
      build,
      heap,
      warmCheck,
      warmIncremental,
      coldIncremental: coldInc,
      coldReview,
      floors,
      totalSeconds: (performance.now() - started) / 1000,
      loadAvgEnd: os.loadavg(),
    };
    process.stdout.write(`${formatReport(result)}\n`);
    const profiles = args.profile ? await profileAll(args.profile, copy.root, checkInput, incInput, coldFiles[0]!) : undefined;
    if (profiles) process.stdout.write(`\n## CPU profiles (${args.profile})\n\n${profiles.join('\n\n')}\n`);
    if (args.json) {
      await writeFile(args.json, `${JSON.stringify({ ...result, profiles }, null, 2)}\n`);
      log(`wrote ${args.json}`);
    }
  } finally {
    if (args.keep) log(`kept the scratch copy at ${copy.root}`);
    else await copy.remove();
  }
}

/** One profiled run of each scenario, written to `dir` and summarised. */
async function profileAll(
  dir: string,
  root: string,
  checkInput: { files: readonly string[]; count: number; candidates: number },
  incInput: { files: readonly string[]; count: number; candidates: number },
  coldFile: string,
): Promise<string[]> {
  const sub = async (name: string): Promise<string> => {
    const target = path.join(dir, name);
    await mkdir(target, { recursive: true });
    return target;
  };
  log('profiling: full build');
  const buildDir = await sub('full-build');
  await fullBuilds(root, 1, buildDir);
  log('profiling: cold review');
  const coldDir = await sub('cold-review');
  await coldReviews(root, [coldFile], coldDir);
  log('profiling: warm checks and warm incremental updates');
  const warmFile = path.join(await sub('warm-check'), 'warm-check.cpuprofile');
  await runWorker('warm-check', root, checkInput, warmFile);
  const incFile = path.join(await sub('warm-incremental'), 'warm-incremental.cpuprofile');
  await runWorker('incremental', root, incInput, incFile);
  const summary = (file: string): ReturnType<typeof summarizeProfile> =>
    summarizeProfile(readProfile(file), 15, path.join(REPO_ROOT, 'dist') + path.sep);
  return [
    formatProfile('### Full build (CLI index --rebuild)', summary(await profileIn(buildDir))),
    formatProfile('### Cold CLI review --no-model', summary(await profileIn(coldDir))),
    formatProfile('### Warm single-file checks (timed loop only)', summary(warmFile)),
    formatProfile('### Warm incremental updates (timed loop only)', summary(incFile)),
  ];
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-index: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
