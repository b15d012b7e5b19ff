/**
 * @fileoverview The false-positive check: untouched real functions are run
 * through the product's deterministic duplicate check (`searchDuplicates`,
 * with the configured number of candidates) and counted when a candidate
 * clears the default threshold, 0.90 or 0.85. Flagged pairs are kept with
 * the first lines of both sides so a human can judge them.
 */
import { searchDuplicates } from '../../src/pipeline/duplicates/index-stage.js';
import type { Corpus, SampleUnit } from './corpus.js';

/** One flagged pair, for reading. */
export interface FlaggedPair {
  readonly query: { readonly file: string; readonly line: number; readonly symbol: string; readonly head: string };
  readonly match: { readonly file: string; readonly line: number; readonly symbol: string; readonly head: string };
  readonly score: number;
}

/** Counts of functions with a candidate at or above each threshold. */
export interface FalsePositiveReport {
  readonly checked: number;
  readonly candidates: number;
  readonly thresholds: ReadonlyArray<{ readonly threshold: number; readonly flagged: number }>;
  /** Of the pairs at the default threshold: exact normalised copies (score 1) and pairs whose method names agree. */
  readonly exact: number;
  readonly sameName: number;
  /** Every pair at or above the first (default) threshold, best first. */
  readonly pairs: readonly FlaggedPair[];
  /** Up to maxPairs of them, spread evenly over the score range, for reading. */
  readonly shown: readonly FlaggedPair[];
}

const HEAD_LINES = 6;

/** Runs the check over `units`; `thresholds[0]` is the product default. */
export async function checkFalsePositives(
  corpus: Corpus,
  units: readonly SampleUnit[],
  thresholds: readonly number[],
  candidates: number,
  maxPairs: number,
): Promise<FalsePositiveReport> {
  const lowest = Math.min(...thresholds);
  const best: number[] = [];
  const pairs: FlaggedPair[] = [];
  for (const unit of units) {
    const { chunk } = unit;
    const severities = { copy: 'warning', parametric: 'warning', near: 'warning', reimplementation: 'warning', similar: 'info' } as const;
    const { drafts } = await searchDuplicates(corpus.index, [chunk], { duplicateThreshold: lowest, candidates, severities });
    const related = drafts[0]?.related ?? [];
    const top = related.reduce((max, r) => Math.max(max, r.score ?? 0), 0);
    best.push(top);
    const first = related[0];
    if (!first || top < thresholds[0]!) continue;
    // The draft names the match by place; its text comes from the same search the check ran.
    const found = await corpus.index.search({ chunk }, candidates);
    const match = found.find((c) => c.file === first.file && c.startLine === first.line);
    pairs.push({
      query: { file: chunk.file, line: chunk.startLine, symbol: chunk.symbol, head: head(chunk.text) },
      match: { file: first.file, line: first.line ?? 0, symbol: first.symbol ?? '?', head: head(match?.snippet ?? '') },
      score: first.score ?? top,
    });
  }
  pairs.sort((a, b) => b.score - a.score || a.query.file.localeCompare(b.query.file));
  return {
    checked: units.length,
    candidates,
    thresholds: thresholds.map((threshold) => ({ threshold, flagged: best.filter((s) => s >= threshold).length })),
    exact: pairs.filter((p) => p.score === 1).length,
    sameName: pairs.filter((p) => baseName(p.query.symbol) === baseName(p.match.symbol)).length,
    pairs,
    shown: spread(pairs, maxPairs),
  };
}

/** At most `n` items, evenly spaced over `items` (first and last included). */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))]!);
}

function baseName(symbol: string): string {
  return symbol.slice(symbol.lastIndexOf('.') + 1);
}

function head(text: string): string {
  return text.split('\n').slice(0, HEAD_LINES).join('\n');
}
