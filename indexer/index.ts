/**
 * @fileoverview The indexer's public surface: the code index the review
 * pipeline calls, its embedder port and the pieces a caller may reuse
 * (chunking, normalisation, the structural embedder, the file walk, the
 * candidate id order, the store's lock error, literal agreement, a
 * read-only summary of a store for health checks).
 */
export { CodeIndex, type FileStat, type IndexStats, type IndexStatus } from './code-index.js';
export type { Candidate, EvidenceCandidate } from './candidates.js';
export { chunkFile, type Chunk } from './chunks/index.js';
export { textEvidence, type EvidenceRole, type EvidenceTerm } from './evidence/index.js';
export { declarationCore, normalizeSnippet } from './chunks/index.js';
export type { Embedder } from './embedders/index.js';
export { StructuralEmbedder } from './embedders/index.js';
export { DEFAULT_MAX_FILE_BYTES, walkSourceFiles, type SourceEntry, type WalkOptions } from './walk/index.js';
export { compareIds } from './vectors/index.js';
export { SizedLru } from './sized-lru.js';
export { StoreLockedError } from './store/index.js';
export { inspectStore, type StoreSummary } from './store/index.js';
