/**
 * @fileoverview The embedding port (`embedder.ts`) and the deterministic structural
 * embedder that needs no weights (`structural-embedder.ts`). The neural
 * embedders have their own door (`neural/`), loaded only when a semantic
 * signal is configured.
 */
export type { Embedder } from './embedder.js';
export { StructuralEmbedder, type StructuralEmbedderOptions } from './structural-embedder.js';
