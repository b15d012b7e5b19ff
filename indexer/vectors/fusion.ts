/**
 * @fileoverview Reciprocal-rank fusion of the structural and the semantic
 * ranking. Each item of a candidate pool (the union of both signals'
 * nearest neighbours, every item scored by both where it has both vectors)
 * is ranked by each signal on its own; its fused score is the sum over the
 * signals of 1 / (RRF_K + rank). Ranks, not raw scores, are added, because
 * the two cosines live on different scales (a neural model's unrelated code
 * often scores 0.5, the structural embedder's about 0.1). With RRF_K = 60
 * (the usual constant) the top ranks of either signal weigh about alike, so
 * agreement decides: a chunk high on both lists beats one that is first on
 * one list and far down the other (2nd + 2nd beats 1st + 4th; 1st + 3rd
 * still edges out 2nd + 2nd). Equal sums go to the higher structural score.
 */

/** The RRF constant: larger values flatten the difference between ranks. */
export const RRF_K = 60;

/** What fusion reads of an item. */
interface Fusable {
  readonly id: string;
  /** Structural score. */
  readonly score: number;
  /** Semantic score; items without one take part in the structural ranking only. */
  readonly semanticScore?: number;
}

/**
 * Orders ids the same way everywhere: ties between equal scores break by id.
 * By UTF-16 code units, not `localeCompare`: the order only has to be stable,
 * and the first ICU collation costs a cold CLI process about 100 ms.
 */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `items` best first by fused rank; ties by structural score, then by id.
 * Deterministic: the same pool gives the same order.
 */
export function fuseRankings<T extends Fusable>(items: readonly T[], k = RRF_K): T[] {
  const fused = new Map<T, number>();
  const structural = [...items].sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  structural.forEach((item, rank) => fused.set(item, 1 / (k + rank + 1)));
  const semantic = items
    .filter((item) => item.semanticScore !== undefined)
    .sort((a, b) => b.semanticScore! - a.semanticScore! || compareIds(a.id, b.id));
  semantic.forEach((item, rank) => fused.set(item, fused.get(item)! + 1 / (k + rank + 1)));
  return structural.sort((a, b) => fused.get(b)! - fused.get(a)! || b.score - a.score || compareIds(a.id, b.id));
}
