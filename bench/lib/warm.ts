/**
 * @fileoverview The warm, in-process measurements, run inside the worker
 * process: single-file duplicate checks through the same review service the
 * MCP server uses, and incremental updates of one changed file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chunkFile, CodeIndex, StructuralEmbedder, walkSourceFiles, type Chunk } from '../../indexer/index.js';
import { ConfigSchema, createReviewService } from '../../src/pipeline/index.js';
import { searchDuplicates } from '../../src/pipeline/duplicates/index-stage.js';
import { createSourceFile, languageForPath } from '../../syntax/index.js';
import { summarize } from './stats.js';
import type { IncrementalResult, WarmCheckResult } from './types.js';

/** Runs the measured part of a scenario, e.g. under the profiler. */
export type Around = (task: () => Promise<void>) => Promise<void>;

/** Where the review service keeps its index (`INDEX_DIR` under the root). */
export function storeDirOf(root: string): string {
  return path.join(root, '.review-guard', 'index');
}

/** The first `count` of `candidates` that have at least one chunk, with their chunk counts. */
export async function filesWithChunks(root: string, candidates: readonly string[], count: number): Promise<Map<string, number>> {
  const chosen = new Map<string, number>();
  for (const rel of candidates) {
    if (chosen.size >= count) break;
    const language = languageForPath(rel);
    if (!language) continue;
    const text = await readFile(path.join(root, rel), 'utf8');
    const chunks = chunkFile(createSourceFile(rel, text, language), rel).length;
    if (chunks > 0) chosen.set(rel, chunks);
  }
  return chosen;
}

/** p50/p95 of `review({files:[f]}, {model:false})` on a warm service, and its pieces. */
export async function warmCheck(
  root: string,
  files: ReadonlyMap<string, number>,
  candidatesK: number,
  around: Around = (task) => task(),
): Promise<WarmCheckResult> {
  const service = await createReviewService({ root });
  const rels = [...files.keys()];
  // Opens and refreshes the index once: later reviews find it warm.
  await service.review({ files: [path.join(root, rels[0]!)] }, { model: false });
  const reviewMs: number[] = [];
  const reviewCpuMs: number[] = [];
  let duplicateFindings = 0;
  await around(async () => {
    for (const rel of rels) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await service.review({ files: [path.join(root, rel)] }, { model: false });
      reviewMs.push(performance.now() - started);
      reviewCpuMs.push(cpuMs(cpu));
      duplicateFindings += result.findings.filter((f) => f.rule === 'duplicate').length;
    }
  });
  const breakdown = await checkBreakdown(root, rels, candidatesK);
  const chunkCounts = [...files.values()];
  return {
    files: rels,
    meanChunksPerFile: chunkCounts.reduce((a, b) => a + b, 0) / Math.max(1, chunkCounts.length),
    duplicateFindings,
    reviewMs: summarize(reviewMs),
    reviewCpuMs: summarize(reviewCpuMs),
    breakdown,
  };
}

async function checkBreakdown(root: string, rels: readonly string[], k: number): Promise<WarmCheckResult['breakdown']> {
  const walkMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await walkSourceFiles(root);
    walkMs.push(performance.now() - started);
  }
  const index = await CodeIndex.open({ root, embedder: new StructuralEmbedder(), storeDir: storeDirOf(root) });
  const parseMs: number[] = [];
  const chunkMs: number[] = [];
  const searchMs: number[] = [];
  const verdictMs: number[] = [];
  // The default severities: each kind on, so every close candidate is aligned and judged.
  const severities = { copy: 'error', parametric: 'warning', near: 'warning', reimplementation: 'warning', similar: 'info' } as const;
  const { duplicateThreshold } = ConfigSchema.parse({}).index;
  for (const rel of rels) {
    const text = await readFile(path.join(root, rel), 'utf8');
    let t = performance.now();
    const file = createSourceFile(rel, text, languageForPath(rel)!);
    parseMs.push(performance.now() - t);
    t = performance.now();
    const chunks: Chunk[] = chunkFile(file, rel);
    chunkMs.push(performance.now() - t);
    t = performance.now();
    for (const chunk of chunks) await index.search({ chunk }, k);
    searchMs.push(performance.now() - t);
    t = performance.now();
    await searchDuplicates(index, chunks, { duplicateThreshold, candidates: k, severities });
    verdictMs.push(performance.now() - t);
  }
  return {
    walkMs: summarize(walkMs),
    parseMs: summarize(parseMs),
    chunkMs: summarize(chunkMs),
    searchMs: summarize(searchMs),
    verdictMs: summarize(verdictMs),
  };
}

/** An edit that changes the tokens in TS and JS alike. */
function edited(text: string, i: number): string {
  return `${text}\nexport const rgBenchEdit${i} = ${i};\n`;
}

/**
 * Warm `refresh()` after one file changed: each file is edited (one sample)
 * and restored (a second sample). The original text is always put back.
 */
export async function warmIncremental(
  root: string,
  rels: readonly string[],
  around: Around = (task) => task(),
): Promise<IncrementalResult> {
  // Watched, as the MCP server keeps its warm index: a refresh re-checks changed paths, not the tree.
  const index = await CodeIndex.open({ root, embedder: new StructuralEmbedder(), storeDir: storeDirOf(root), watch: true });
  await index.refresh();
  const noChange: number[] = [];
  const oneFile: number[] = [];
  const oneFileCpu: number[] = [];
  const indexSourceMs: number[] = [];
  const saveMs: number[] = [];
  await around(async () => {
    for (let i = 0; i < 5; i++) noChange.push(await timed(() => index.refresh()));
    for (const [i, rel] of rels.entries()) {
      await editAndRefresh(index, root, rel, i, { oneFile, oneFileCpu, indexSourceMs, saveMs });
    }
  });
  return {
    files: rels,
    noChangeRefreshMs: summarize(noChange),
    oneFileRefreshMs: summarize(oneFile),
    oneFileRefreshCpuMs: summarize(oneFileCpu),
    breakdown: { indexSourceMs: summarize(indexSourceMs), saveMs: summarize(saveMs) },
  };
}

/** One file edited and restored (two one-file refreshes), then the pieces of an update measured apart. */
async function editAndRefresh(
  index: CodeIndex,
  root: string,
  rel: string,
  i: number,
  samples: { oneFile: number[]; oneFileCpu: number[]; indexSourceMs: number[]; saveMs: number[] },
): Promise<void> {
  const { oneFile, oneFileCpu, indexSourceMs, saveMs } = samples;
  const abs = path.join(root, rel);
  const original = await readFile(abs, 'utf8');
  const refresh = async (): Promise<void> => {
    const cpu = process.cpuUsage();
    oneFile.push(await timed(() => index.refresh()));
    oneFileCpu.push(cpuMs(cpu));
  };
  try {
    await writeFile(abs, edited(original, i));
    await refresh();
  } finally {
    await writeFile(abs, original);
  }
  await refresh();
  // The pieces: re-index in memory from a ready parse, then write the store.
  const file = createSourceFile(rel, edited(original, i), languageForPath(rel)!);
  indexSourceMs.push(await timed(() => index.indexSource(rel, file)));
  saveMs.push(await timed(() => index.save()));
  await index.refresh();
}

/** CPU milliseconds (user + system) since `since`. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}
