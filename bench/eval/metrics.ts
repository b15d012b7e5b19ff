/**
 * @fileoverview Aggregates query results per edit type: recall@1/5/10,
 * MRR@10, the share of exact normalised copies, the distribution of the
 * original's score, and the same-folder hit rate (a clone-group view).
 */
import type { QueryResult } from './measure.js';

/** One row of the results table. */
export interface TypeSummary {
  readonly type: string;
  /** Samples the edit applied to, and those it skipped (by reason). */
  readonly n: number;
  readonly skipped: number;
  readonly skipReasons: Readonly<Record<string, number>>;
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly recallAt10: number;
  readonly mrr: number;
  /** Share of queries normalising exactly like the original (score 1). */
  readonly exact: number;
  /** Share of queries whose top candidate lies in the original's folder. */
  readonly dirAt1: number;
  readonly scoreP10: number;
  readonly scoreP50: number;
  readonly scoreP90: number;
  /** Share of queries where the original scores at or above the duplicate threshold. */
  readonly aboveThreshold: number;
}

/** The summary of `results` (all of one type, or a union for "overall"). */
export function summarize(type: string, results: readonly QueryResult[], threshold: number): TypeSummary {
  const done = results.filter((r) => r.skipped === undefined);
  const skipReasons: Record<string, number> = {};
  for (const r of results) if (r.skipped !== undefined) skipReasons[r.skipped] = (skipReasons[r.skipped] ?? 0) + 1;
  const share = (test: (r: QueryResult) => boolean): number => (done.length === 0 ? NaN : done.filter(test).length / done.length);
  const within = (k: number) => (r: QueryResult): boolean => r.rank != null && r.rank <= k;
  const scores = done.map((r) => r.score ?? 0).sort((a, b) => a - b);
  return {
    type,
    n: done.length,
    skipped: results.length - done.length,
    skipReasons,
    recallAt1: share(within(1)),
    recallAt5: share(within(5)),
    recallAt10: share(within(10)),
    mrr: done.length === 0 ? NaN : done.reduce((sum, r) => sum + (r.rank != null ? 1 / r.rank : 0), 0) / done.length,
    exact: share((r) => r.exact === true),
    dirAt1: share((r) => r.dirRank === 1),
    scoreP10: quantile(scores, 0.1),
    scoreP50: quantile(scores, 0.5),
    scoreP90: quantile(scores, 0.9),
    aboveThreshold: share((r) => (r.score ?? 0) >= threshold),
  };
}

/** Linear-interpolated quantile of sorted values (NaN when empty). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
