/**
 * @fileoverview What the index is made of: files cut into chunks (functions, methods,
 * bound function values, classes; `chunker.ts`, `units.ts`) and their
 * normalised token streams, the shape two copies share (`normalize.ts`,
 * `normalize-plan.ts`).
 */
export { type Chunk, chunkFile, chunkFileWithTokens, type ChunkKind, type ChunkOptions, resolveChunkOptions, type TokenizedChunk } from './chunker.js';
export { declarationCore, normalizeSnippet, type TokenOrigins } from './normalize.js';
