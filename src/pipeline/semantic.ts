/**
 * @fileoverview The neural embedder for the index's semantic signal, built
 * from the config. Nothing is downloaded unless `allowDownload` says so.
 */
import { resolve } from 'node:path';
import type { Embedder } from '../../indexer/index.js';
import { OllamaEmbedder, TransformersEmbedder } from '../../indexer/embedders/index.js';
import { resolveOllamaHost } from '../../models/ollama-host.js';
import type { Config, SemanticConfig } from './config-schema.js';

type TransformersSettings = Extract<SemanticConfig, { provider: 'transformers' }>;
type OllamaSettings = Extract<SemanticConfig, { provider: 'ollama' }>;

/** Where the transformers model folders live: `modelDir` against the workspace root. */
export function semanticModelDir(semantic: TransformersSettings, root: string): string {
  return resolve(root, semantic.modelDir);
}

/** The Ollama host for embeddings: `index.semantic.host`, else `model.host`, else `OLLAMA_HOST`. */
export function semanticHost(semantic: OllamaSettings, config: Config, env: NodeJS.ProcessEnv): string {
  return resolveOllamaHost(semantic.host ?? config.model.host, env);
}

/** Loads the configured semantic embedder; rejects with a message that says how to fix it. */
export function loadSemanticEmbedder(semantic: SemanticConfig, config: Config, root: string, env: NodeJS.ProcessEnv): Promise<Embedder> {
  if (semantic.provider === 'transformers') {
    return TransformersEmbedder.load({
      modelId: semantic.model,
      modelDir: semanticModelDir(semantic, root),
      quantized: semantic.quantized,
      allowDownload: semantic.allowDownload,
    });
  }
  return OllamaEmbedder.load({
    model: semantic.model,
    host: semanticHost(semantic, config, env),
    allowRemoteHost: config.model.allowRemoteHost,
  });
}
