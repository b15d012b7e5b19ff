/**
 * @fileoverview Small order statistics for benchmark samples: median and
 * nearest-rank percentiles, so a few slow outliers do not move the headline.
 */

/** A sample set reduced to the figures the report prints. */
export interface Summary {
  readonly n: number;
  readonly min: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly mean: number;
}

/** Nearest-rank percentile (p in 0..100) of `values`; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** The median: the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  const mean = n === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / n;
  return {
    n,
    min: n === 0 ? Number.NaN : Math.min(...values),
    p50: median(values),
    p95: percentile(values, 95),
    max: n === 0 ? Number.NaN : Math.max(...values),
    mean,
  };
}

/** `count` items spread evenly over `items` (all of them when there are fewer). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step + step / 2)]!);
}
