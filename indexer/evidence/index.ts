/**
 * @fileoverview The evidence of chunks, apart from their shape: the terms a
 * unit of code is about (terms.ts) and the index that weighs them by rarity
 * and finds the chunks that share them (evidence-index.ts). What finds a
 * function that was written again rather than copied.
 */
export { evidenceTerms, wordsOf, type EvidenceRole, type EvidenceTerm } from './terms.js';
export { EvidenceSignal, textEvidence, type EvidenceMatch } from './evidence-signal.js';
export { EvidenceIndex, decodeTermHashes, encodeTermHashes, termHashes, type EvidenceHit } from './evidence-index.js';
