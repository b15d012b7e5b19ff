/**
 * @fileoverview What the model is shown for a reviewed chunk: the index's
 * structural neighbours and the code that is about the same things (the
 * evidence search, which finds a function written again in another shape).
 * The original of a rewritten copy scores low on shape, so without the
 * second list the model would never see it.
 */
import type { Candidate, Chunk, CodeIndex } from '../../../indexer/index.js';
import { GREY_AGREEMENT, MIN_SHARED_TERMS } from '../duplicates/index.js';

/** How strongly a candidate is backed: by its shape or by its evidence, whichever says more. */
export function strength(candidate: Pick<Candidate, 'score' | 'evidence'>): number {
  return Math.max(candidate.score, candidate.evidence ?? 0);
}

/**
 * The structural candidates of `chunk`, then the evidence candidates from
 * other files that agree at least GREY_AGREEMENT on enough evidence
 * (MIN_SHARED_TERMS: in a small repository common words alone agree) and are not among them
 * (one already listed gets its agreement); at most `limit`, strongest first.
 */
export async function chunkCandidates(index: CodeIndex, chunk: Chunk, limit: number): Promise<Candidate[]> {
  const found = new Map((await index.search({ chunk }, limit)).map((c) => [c.id, c]));
  for (const candidate of index.searchEvidence(chunk, limit)) {
    if (candidate.file === chunk.file || candidate.evidence < GREY_AGREEMENT || candidate.sharedTerms < MIN_SHARED_TERMS) continue;
    const known = found.get(candidate.id);
    found.set(candidate.id, { ...(known ?? candidate), evidence: candidate.evidence });
  }
  return [...found.values()].sort((a, b) => strength(b) - strength(a)).slice(0, limit);
}
