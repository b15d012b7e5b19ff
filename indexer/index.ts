/**
 * @fileoverview The indexer's public surface: the code index the review
 * pipeline calls, its ports (embedder, vector index) and the pieces a
 * caller may reuse (chunking, normalisation, the structural embedder, the
 * file walk and its selection, rank fusion, the store's lock error, a
 * read-only summary of a store for health checks).
 */
export {
  CodeIndex,
  type CodeIndexOptions,
  type CodeRead,
  type FileStat,
  type IndexStats,
  type IndexStatus,
  type RefreshOptions,
  type SearchQuery,
} from './code-index.js';
export { SNIPPET_MAX_CHARS, SNIPPET_MAX_LINES, type Candidate } from './candidates.js';
export { chunkFile, type Chunk, type ChunkKind, type ChunkOptions } from './chunker.js';
export { declarationCore, normalizeRange, normalizeSnippet, NORMALISED } from './normalize.js';
export type { EmbedInput, Embedder } from './embedder.js';
export { StructuralEmbedder, type StructuralEmbedderOptions } from './structural-embedder.js';
export type { VectorHit, VectorIndex } from './vector-index.js';
export { HnswIndex, type HnswOptions } from './hnsw-index.js';
export {
  DEFAULT_MAX_FILE_BYTES,
  SKIPPED_FOLDERS,
  walkSourceFiles,
  type FileSelection,
  type SourceEntry,
  type WalkOptions,
} from './file-walk.js';
export { compareIds, fuseRankings, RRF_K } from './fusion.js';
export { StoreLockedError, type StoreLockOptions } from './store-lock.js';
export { inspectStore, type StoreSummary, type StoredFile } from './store-inspect.js';
export type { StoreIdentity } from './store-format.js';
export { literalAgreement, literalValues } from './literals.js';
