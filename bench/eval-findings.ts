/**
 * @fileoverview The duplicate-detection harness that measures what users
 * see: for sampled corpus functions, agent-like copies are written as new
 * files and reviewed through the product's default path with the model off
 * (the CLI's `review --no-model` code on one warm service over a scratch
 * copy of the corpus). A copy is found when a `duplicate` finding on it
 * names the original's file and symbol. jscpd runs on the same copies, at
 * its defaults and tuned. Foreign functions (renamed functions of another
 * corpus) and untouched corpus functions show the findings users should
 * not see. `bench/eval-duplicates.ts` measures the ranking; this, the
 * finding. Baseline figures: bench/README.md.
 *
 *   node dist/bench/eval-findings.js <corpus-path> [--samples N] [--seed N] [--types a,b,…]
 *        [--foreign <corpus-path>] [--foreign-samples N] [--untouched N] [--min-lines N]
 *        [--json out.json] [--no-jscpd]
 *
 * With `--written <set-folder>` it measures a written set instead
 * (`bench/written/`, agent-written copies in three tiers plus negatives):
 *
 *   node dist/bench/eval-findings.js --written bench/written/zod <corpus-path> [--check] [--json out.json] [--no-jscpd]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createReviewService, type ReviewService } from '../src/pipeline/index.js';
import { loadCorpus, loadUnits, type Corpus } from './eval/corpus.js';
import { parseFindingsOptions, type FindingsOptions } from './eval/findings-options.js';
import {
  findingsRow,
  findingsSkips,
  findingsTable,
  foreignReport,
  timingReport,
  untouchedReport,
  type FindingsRow,
  type FindingsRunInfo,
  type JscpdTiming,
} from './eval/findings-report.js';
import { measureForeign, measureType, measureUntouched, type CopyResult, type ForeignResult, type HarnessContext, type UntouchedResult } from './eval/findings-run.js';
import { JSCPD_SETTINGS, jscpdFindings, type JscpdSetting } from './eval/jscpd-side.js';
import { Rng } from './eval/rng.js';
import { addWrittenJscpd, measureWritten } from './eval/written/run.js';
import { negativeFigures, writtenReport, writtenRows } from './eval/written/report.js';
import { loadWrittenSet } from './eval/written/set.js';
import { WrittenOracle } from './eval/written/oracle.js';
import { machineInfo, scratchCopy } from './lib/env-info.js';
import { jscpdVersion } from './lib/jscpd.js';

const UNTOUCHED_SHOWN = 20;
// The edit generators rewrite ECMAScript syntax: Python and Go functions (leetcode has both) stay in the index but are not sampled.
const EDITABLE: ReadonlySet<string> = new Set(['typescript', 'tsx', 'javascript']);

async function main(): Promise<void> {
  let options: FindingsOptions;
  try {
    options = parseFindingsOptions(process.argv.slice(2));
    for (const [what, dir] of [['corpus', options.corpus], ['--foreign', options.foreign], ['--written', options.written]] as const) {
      if (dir !== undefined && !(existsSync(dir) && statSync(dir).isDirectory())) throw new Error(`${what} ${dir} is not a folder; pass the path of a source tree`);
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const log = (line: string): void => void process.stderr.write(`[findings] ${line}\n`);
  if (options.written !== undefined) {
    process.exitCode = await mainWritten(options, options.written, log);
    return;
  }
  const machine = machineInfo();
  // Never written into: the corpus is copied, and the product's index lives in the copy.
  const scratch = await scratchCopy(path.resolve(options.corpus));
  let service: ReviewService | undefined;
  let corpus: Corpus | undefined;
  try {
    let indexSeconds: number;
    ({ corpus, service, indexSeconds } = await openHarness(scratch.root, options, log));
    const ctx: HarnessContext = { corpus, service, seed: options.seed, copiesDir: path.join(scratch.dir, 'copies') };
    const editable = corpus.eligible.filter((u) => EDITABLE.has(u.language));
    const sample = Rng.derive(options.seed, 'sample').shuffle(editable).slice(0, options.samples);

    const results: CopyResult[] = [];
    const jscpdTimings: JscpdTiming[] = [];
    for (const type of options.types) {
      const typeStarted = Date.now();
      const typeResults = await measureType(ctx, sample, type);
      results.push(...typeResults);
      if (options.jscpd) jscpdTimings.push(...(await addJscpd(scratch.root, path.join(ctx.copiesDir, type), type, typeResults)));
      const row = findingsRow(type, typeResults);
      log(`${type}: ${row.n} copies, found ${row.error + row.warning}, missed ${row.outcomes.missed} (${((Date.now() - typeStarted) / 1000).toFixed(0)} s)`);
    }
    const rows: FindingsRow[] = options.types.map((type) => findingsRow(type, results.filter((r) => r.type === type)));
    if (options.types.length > 1) rows.push(findingsRow('overall', results));

    let foreign: ForeignResult[] | undefined;
    if (options.foreign) {
      const foreignUnits = (await loadUnits(options.foreign, options.minCodeLines)).filter((u) => EDITABLE.has(u.language));
      const units = Rng.derive(options.seed, 'foreign').shuffle(foreignUnits).slice(0, options.foreignSamples);
      log(`foreign: ${units.length} functions from ${options.foreign}`);
      foreign = await measureForeign(ctx, path.resolve(options.foreign), units);
    }
    const untouchedUnits = Rng.derive(options.seed, 'untouched').shuffle(editable).slice(0, options.untouched);
    log(`untouched: ${untouchedUnits.length} functions`);
    const untouched: UntouchedResult[] = await measureUntouched(ctx, untouchedUnits);

    const info: FindingsRunInfo = {
      corpus: options.corpus,
      ...(options.foreign ? { foreign: options.foreign } : {}),
      seed: options.seed,
      samples: sample.length,
      files: corpus.files,
      chunks: corpus.chunks,
      eligible: editable.length,
      indexSeconds,
      ...(options.jscpd ? { jscpdVersion: jscpdVersion() } : {}),
      load: [machine.loadAvg[0] ?? Number.NaN, machineInfo().loadAvg[0] ?? Number.NaN],
      cores: machine.cores,
    };
    const skips = findingsSkips(rows);
    const sections = [
      findingsTable(info, rows),
      ...(skips ? [skips] : []),
      ...(foreign && options.foreign ? [foreignReport(foreign, options.foreign)] : []),
      untouchedReport(untouched, UNTOUCHED_SHOWN),
      timingReport(info, results, jscpdTimings),
    ];
    process.stdout.write(`${sections.join('\n\n')}\n`);
    if (options.json) {
      await writeFile(options.json, `${JSON.stringify({ info, summary: rows, foreign, untouched, jscpd: jscpdTimings, results }, null, 2)}\n`);
      log(`wrote ${options.json}`);
    }
  } finally {
    service?.close();
    await corpus?.close();
    await scratch.remove();
  }
}

/**
 * The written set: checks it against the corpus, then (unless `--check`)
 * reviews every copy alone and reports per tier with tuned jscpd beside.
 * Exit code 1 when a case is broken, so a bad set never passes silently.
 */
async function mainWritten(options: FindingsOptions, dir: string, log: (line: string) => void): Promise<number> {
  const corpusRoot = path.resolve(options.corpus);
  const set = loadWrittenSet(dir, corpusRoot);
  const head = corpusHead(corpusRoot);
  const commitNote = head && head !== set.commit ? [`warning: the corpus is at ${head}, the set was written against ${set.commit}`] : [];
  if (options.check) {
    const lines = [
      `written set ${set.name}: ${set.cases} cases, ${set.negatives} negatives, ${set.copies.length} copies readable, ${set.broken.length} broken`,
      ...commitNote,
      ...set.broken.map((b) => `BROKEN ${b}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return set.broken.length > 0 ? 1 : 0;
  }
  const scratch = await scratchCopy(corpusRoot);
  let service: ReviewService | undefined;
  let corpus: Corpus | undefined;
  const oracle = options.oracle ? await WrittenOracle.start() : undefined;
  try {
    ({ corpus, service } = await openHarness(scratch.root, options, log, oracle && { ...process.env, OLLAMA_HOST: oracle.url }));
    const ctx: HarnessContext = { corpus, service, seed: options.seed, copiesDir: path.join(scratch.dir, 'copies') };
    const results = await measureWritten(ctx, set, log, oracle);
    const jscpd = options.jscpd ? await addWrittenJscpd(scratch.root, ctx.copiesDir, set, results) : [];
    for (const t of jscpd) log(`tuned jscpd on ${t.tier}: ${t.seconds.toFixed(1)} s`);
    const report = [writtenReport(set, options.corpus, results, options.jscpd ? jscpdVersion() : undefined), ...commitNote].join('\n');
    process.stdout.write(`${report}\n`);
    if (options.json) {
      const summary = { tiers: writtenRows(results), negatives: negativeFigures(results) };
      await writeFile(options.json, `${JSON.stringify({ set: { name: set.name, repo: set.repo, commit: set.commit, cases: set.cases, negatives: set.negatives }, broken: set.broken, summary, jscpd, results }, null, 2)}\n`);
      log(`wrote ${options.json}`);
    }
    return set.broken.length > 0 ? 1 : 0;
  } finally {
    service?.close();
    await corpus?.close();
    await oracle?.close();
    await scratch.remove();
  }
}

/**
 * Scans the scratch copy and opens the product's review service on it with
 * the default config (a corpus holding review-guard settings is refused),
 * its index built once; closes what it opened when a step fails.
 */
async function openHarness(
  root: string,
  options: FindingsOptions,
  log: (line: string) => void,
  env?: NodeJS.ProcessEnv,
): Promise<{ corpus: Corpus; service: ReviewService; indexSeconds: number }> {
  log(`scanning ${options.corpus} (scratch copy ${root})`);
  const corpus = await loadCorpus(root, options.minCodeLines, log);
  let service: ReviewService | undefined;
  try {
    // watch: the warm service of the MCP server; each review re-checks only what changed (the written and deleted copy).
    service = await createReviewService({ root, watch: true, ...(env ? { env } : {}) });
    if (service.loaded.origin !== 'defaults') {
      throw new Error(`the corpus holds review-guard settings (${service.loaded.source ?? service.loaded.origin}); the harness measures the defaults: remove them from the corpus`);
    }
    const indexStarted = Date.now();
    await service.updateIndex();
    const indexSeconds = (Date.now() - indexStarted) / 1000;
    log(`product index built in ${indexSeconds.toFixed(1)} s`);
    return { corpus, service, indexSeconds };
  } catch (error) {
    service?.close();
    await corpus.close();
    throw error;
  }
}

/** The corpus's checked-out commit when it is a git work tree, else undefined. */
function corpusHead(root: string): string | undefined {
  if (!existsSync(path.join(root, '.git'))) return undefined;
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** Runs jscpd per setting over the corpus and one type's copies folder and records, per copy, whether it was found. */
async function addJscpd(root: string, typeDir: string, type: string, results: CopyResult[]): Promise<JscpdTiming[]> {
  const judged = results.filter((r) => r.jscpdFile !== undefined && r.judgement !== undefined);
  const places = judged.map(({ jscpdFile, original }) => ({
    copyFile: jscpdFile!,
    originalFile: path.join(root, ...original.file.split('/')),
    startLine: original.startLine,
    endLine: original.endLine,
  }));
  const timings: JscpdTiming[] = [];
  for (const setting of Object.keys(JSCPD_SETTINGS) as JscpdSetting[]) {
    const outcome = await jscpdFindings([root, typeDir], places, setting);
    judged.forEach((r, i) => (r.jscpd = { ...r.jscpd, [setting]: outcome.found[i]! }));
    timings.push({ type, setting, seconds: outcome.seconds, clones: outcome.clones });
  }
  return timings;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
