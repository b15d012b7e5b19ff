/**
 * @fileoverview Duplicate-detection benchmark on a real corpus: indexes it
 * with the product's index, samples functions with a fixed seed, queries
 * agent-like edited copies of each (rename, reformat, literals, types,
 * reorder, loop style, logging, extracted helper, combined) and reports
 * how well the original is found; then runs the product's deterministic
 * duplicate check over untouched functions to count would-be findings.
 *
 *   node dist/bench/eval-duplicates.js <corpus-path> [--seed N] [--samples N] [--fp-samples M]
 *        [--min-lines N] [--types a,b,…] [--json out.json] [--with-text]
 */
import { writeFile } from 'node:fs/promises';
import { StructuralEmbedder } from '../indexer/index.js';
import { ConfigSchema } from '../src/pipeline/config/schema.js';
import { loadCorpus } from './eval/corpus.js';
import { EDIT_TYPES, type EditType } from './eval/edits/registry.js';
import { checkFalsePositives } from './eval/false-positives.js';
import { measureUnit, type QueryResult } from './eval/measure.js';
import { summarize, type TypeSummary } from './eval/metrics.js';
import { parseOptions, type BenchOptions } from './eval/options.js';
import { falsePositiveReport, recallTable, skipTable, type RunInfo } from './eval/report.js';
import { Rng } from './eval/rng.js';

// Not part of "overall": the unedited baseline and the extra formatter variant.
const NOT_IN_OVERALL: ReadonlySet<EditType> = new Set(['none', 'semicolons']);
const FP_EXTRA_THRESHOLDS = [0.9, 0.85];
const MAX_PAIRS = 20;

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  const log = (line: string): void => void process.stderr.write(`[bench] ${line}\n`);
  const { duplicateThreshold, candidates } = ConfigSchema.parse({}).index;
  log(`indexing ${options.corpus}`);
  const corpus = await loadCorpus(options.corpus, options.minCodeLines, log);
  try {
    const sample = Rng.derive(options.seed, 'sample').shuffle(corpus.eligible).slice(0, options.samples);
    const embedder = new StructuralEmbedder();
    const results: QueryResult[] = [];
    const started = Date.now();
    for (const [i, unit] of sample.entries()) {
      results.push(...(await measureUnit(corpus, unit, options.types, options.seed, embedder, options.withText)));
      if ((i + 1) % 25 === 0 || i + 1 === sample.length) log(`measured ${i + 1}/${sample.length} samples`);
    }
    const querySeconds = (Date.now() - started) / 1000;
    const rows: TypeSummary[] = EDIT_TYPES.filter((t) => options.types.includes(t)).map((type) =>
      summarize(type, results.filter((r) => r.type === type), duplicateThreshold),
    );
    const overallTypes = options.types.filter((t) => !NOT_IN_OVERALL.has(t));
    const overall = results.filter((r) => overallTypes.includes(r.type));
    if (overallTypes.length > 1) rows.push(summarize('overall', overall, duplicateThreshold));
    const languages = [...new Set(sample.map((u) => u.language))].sort();
    if (overallTypes.length > 1 && languages.length > 1) {
      for (const language of languages) {
        rows.push(summarize(`overall[${language}]`, overall.filter((r) => r.language === language), duplicateThreshold));
      }
    }

    const fpUnits = Rng.derive(options.seed, 'false-positives').shuffle(corpus.eligible).slice(0, options.fpSamples);
    log(`false-positive check over ${fpUnits.length} functions`);
    const thresholds = [duplicateThreshold, ...FP_EXTRA_THRESHOLDS.filter((t) => t < duplicateThreshold)];
    const fp = await checkFalsePositives(corpus, fpUnits, thresholds, candidates, MAX_PAIRS);

    const info: RunInfo = {
      corpus: options.corpus,
      seed: options.seed,
      samples: sample.length,
      files: corpus.files,
      chunks: corpus.chunks,
      eligible: corpus.eligible.length,
      indexSeconds: corpus.indexSeconds,
      querySeconds,
      threshold: duplicateThreshold,
    };
    const skips = skipTable(rows);
    process.stdout.write([recallTable(info, rows), ...(skips ? ['', skips] : []), '', falsePositiveReport(fp), ''].join('\n'));
    if (options.json) {
      await writeFile(options.json, `${JSON.stringify({ info, summary: rows, falsePositives: fp, results }, null, 2)}\n`);
      log(`wrote ${options.json}`);
    }
  } finally {
    await corpus.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
