/**
 * @fileoverview What a similarity score means, and the arithmetic on scores.
 *
 * `Candidate.score` is the structural score: the cosine of the structural
 * embedder's vectors (token-shingle feature hashing of the normalised token
 * stream; see normalize.ts, normalize-plan.ts and structural-embedder.ts),
 * clamped to 0..1 and rounded to 3 decimals. Deterministic findings compare
 * it to a threshold, so its meaning does not depend on whether a semantic
 * embedder is on. Since structural-v2 the stream erases only names declared
 * inside the chunk (member, key and free names such as called APIs keep
 * their text), literals, comments, type annotations/arguments/casts, `;`,
 * trailing commas and the parentheses of a lone arrow parameter; shorthand
 * `{ a }` reads as `a: a`; since structural-v3 `this` reads as a name (the
 * receiver a lifted method takes as a parameter). Calibrated with bench/eval-duplicates.ts (seed 1,
 * 200 sampled functions and 300 untouched ones per corpus; zod, typeorm,
 * leetcode) and the embedder corpus (test/indexer/embedder-corpus.ts):
 *
 * - 1.0: identical after normalisation. An agent copy with renamed locals,
 *   changed literals, reformatting, semicolons or trailing commas dropped,
 *   `(x) =>` for `x =>`, shorthand expanded, or its types removed scores 1
 *   (exact in 86–100% of such copies; rename p10 ≥ 0.975, the rest 1.0).
 *   Also 1.0: parametric twins that differ only in literal values and type
 *   names (zod factories `_isoDate`/`_isoDuration`, `positive`/`negative`
 *   differing in one string), and a TS function and its JS translation.
 * - ≥ 0.95: the same code with a one to three statement edit inside a large
 *   function; statements reordered (median 0.95–0.99), a helper extracted
 *   (median 0.92–0.95), a `var f = function` vs `function f` declaration.
 * - 0.8–0.95: the same function with small statement edits: one added
 *   logging line (median 0.88–0.89), a loop rewritten (median 0.88–0.94); on the
 *   11-line corpus function one changed condition plus one added statement
 *   0.83. The smaller the function, the more one edit costs.
 * - 0.4–0.8: the same shape touching other fields or calling other APIs
 *   (the corpus function with every field renamed 0.58: structural-v1
 *   scored it 1.0), and one-line functions, whose few shingles are common.
 *   Untouched functions with a neighbour ≥ 0.95: zod 16%, typeorm 24%,
 *   leetcode 36% (mostly a TS solution and its JS twin); v1: 23/32/14%.
 * - below ~0.4: unrelated (unrelated corpus functions at most 0.20).
 *
 * The structural score ranks; since the alignment (alignment.ts) it no
 * longer decides alone. For the candidates scoring ALIGN_MIN_SCORE (0.5)
 * or more, the normalised tokens of both chunks (declaration header left
 * out) are aligned by a longest common subsequence, which yields:
 *
 * - similarity: Dice, 2 × aligned / (ours + theirs); 1 for equal streams
 *   (a copy when every aligned literal has the same value, a parametric
 *   copy when some differ);
 * - cover: aligned / the smaller side, and / the larger side (an added
 *   statement keeps the smaller side covered whole);
 * - differing regions: gaps between aligned runs of 3 tokens or more (one
 *   added logging line and guard: 1; for…of rewritten as forEach: 2).
 *
 * A near copy has at most 3 regions, covers 80 % of the smaller side (95 %
 * below 40 shared tokens), half of the larger, and shares 20 tokens or more
 * (duplicate-verdict.ts). Measured with bench/eval-findings.ts (seed 1, the
 * review --no-model path): on zod, 1,330 copies of 200 functions over nine
 * edit types are reported naming the original in 98.6 % (+1.4 % naming an
 * equal function), none misattributed, 0 of 100 foreign functions flagged;
 * a copy with one added logging line and guard scores 0.55–0.8 in a small
 * function, so the cosine alone missed them. Cost: one parse of each
 * candidate's text (cached per review) and an O((n + m) · D) diff bounded
 * by D ≤ n + m − max(n, m); under 0.5 ms for functions of a few hundred tokens.
 *
 * `Candidate.semanticScore` is the cosine of the semantic embedder's vectors
 * (a neural model on the raw text); its scale depends on the model and it
 * only orders results, through reciprocal-rank fusion (fusion.ts).
 */

/** A similarity rounded to 3 decimals for stable, compact output. */
export function roundScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/** Cosine similarity of two vectors of equal length, clamped to 0..1 like `VectorHit.score` (0 for a zero vector). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  const norms = Math.sqrt(normA * normB);
  return norms === 0 ? 0 : Math.min(1, Math.max(0, dot / norms));
}
