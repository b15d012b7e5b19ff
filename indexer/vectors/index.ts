/**
 * @fileoverview Nearest neighbours: the vector-index port (`vector-index.ts`), the
 * exact flat scan over inverted lists and HNSW (`flat-index.ts`,
 * `inverted-lists.ts`, `hnsw-index.ts`, chosen by size in `vector-kind.ts`),
 * query vectors, score arithmetic, the optional semantic signal and the
 * rank fusion of both signals.
 */
export { compareIds, fuseRankings } from './fusion.js';
export { HnswIndex } from './hnsw-index.js';
export { type QuerySources, rankingInput } from './query-vectors.js';
export { cosine, roundScore } from './scores.js';
export { SemanticCall, SemanticSignal } from './semantic-signal.js';
export type { MaintainedVectorIndex, VectorIndex, VectorKind } from './vector-index.js';
export { createVectorIndex, fitted, flatFallbackNotice, loadVectorIndex } from './vector-kind.js';
