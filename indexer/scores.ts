/**
 * @fileoverview What a similarity score means, and the arithmetic on scores.
 *
 * `Candidate.score` is the structural score: the cosine of the structural
 * embedder's vectors (token-shingle feature hashing of the normalised token
 * stream; see normalize.ts and structural-embedder.ts), clamped to 0..1 and
 * rounded to 3 decimals. Deterministic findings compare it to a threshold,
 * so its meaning does not depend on whether a semantic embedder is on.
 * Calibrated on the embedder corpus (test/indexer/embedder-corpus.ts, an
 * 11-line function and its variants) and on the nearest neighbour of each of
 * the 289 chunks of this project's own sources (512-d, shingles of 3–5):
 *
 * - 1.0: identical after normalising identifiers and literals. Names,
 *   string and number values, comments, whitespace and line breaks are
 *   erased before embedding, so a copy that differs only in those scores
 *   exactly 1 (exact copies are also found by token hash, with score 1).
 * - ≥ 0.95: the same code up to renaming, literals, formatting and comments
 *   that change tokens (trailing commas, optional semicolons and braces:
 *   0.965), or a one to three statement edit inside a large function
 *   (~400 tokens: 0.955–0.992).
 * - 0.8–0.95: the same function with small statement edits. On the 11-line
 *   function: one changed condition or one added statement 0.93–0.95, a field
 *   removed 0.945, statements reordered or made async 0.91, two edits or the
 *   type annotations removed 0.86–0.88; on a 5-line function a single edit
 *   already gives 0.88–0.89. The smaller the function, the more one edit costs.
 * - 0.6–0.8: the same shape, not the same code: parallel implementations
 *   (two embedders' constructors 0.68) and one-line functions, whose few
 *   shingles are common (0.70–0.79).
 * - below ~0.6: unrelated. 252 of the 289 nearest neighbours in this
 *   project; unrelated corpus functions at most 0.30 (median 0.11). A rewrite
 *   of the same behaviour with other statements also lands here (0.47):
 *   that is what the semantic signal is for.
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
