/**
 * @fileoverview Neural embedders behind the `Embedder` port (see
 * ../embedder.ts): transformers.js in-process and Ollama over HTTP. Both are
 * created with an async `load` that fails with `EmbedderUnavailableError`.
 */
export { EmbedderUnavailableError, type EmbedderUnavailableReason } from './errors.js';
export { OllamaEmbedder, ollamaEmbedderId } from './ollama-embedder.js';
export { missingModelFiles, TransformersEmbedder, transformersEmbedderId } from './transformers-embedder.js';
