/**
 * @fileoverview The indexer's public surface: the code index the review
 * pipeline calls, its embedder port and the pieces a caller may reuse
 * (chunking, normalisation, the structural embedder, the file walk, the
 * candidate id order, the store's lock error, literal agreement, a
 * read-only summary of a store for health checks).
 */
export { CodeIndex, type FileStat, type IndexStats, type IndexStatus } from './code-index.js';
export type { Candidate } from './candidates.js';
export { chunkFile, type Chunk } from './chunks/chunker.js';
export { declarationCore, normalizeSnippet } from './chunks/normalize.js';
export type { Embedder } from './embedders/embedder.js';
export { StructuralEmbedder } from './embedders/structural-embedder.js';
export { DEFAULT_MAX_FILE_BYTES, walkSourceFiles, type SourceEntry, type WalkOptions } from './walk/file-walk.js';
export { compareIds } from './vectors/fusion.js';
export { StoreLockedError } from './store/lock.js';
export { inspectStore, type StoreSummary } from './store/inspect.js';
export { withLineFeeds } from '../workspace/line-ends.js';
export {
  alignableCode,
  alignCode,
  compareLines,
  keysByName,
  literalDifferences,
  matchingClose,
  parameterArguments,
  receiverArgument,
  renamedKeys,
  type AlignableCode,
  type CodeAlignment,
  type LineComparison,
  type LiteralDifference,
} from '../src/pipeline/duplicates/alignment.js';
export { isWithinRoot, leavesRoot } from '../workspace/root-paths.js';
export { readInsideRoot, readInsideRootSync, type GuardedRead, type ReadRefusal } from '../workspace/read.js';
export { createWorkspaceFileOnce } from '../workspace/create-once.js';
export { readBeforeRewrite, resolveWorkspacePath, WorkspaceFolder, WorkspaceLinkError, writeWorkspaceFile, type LinkPolicy } from '../workspace/write.js';
