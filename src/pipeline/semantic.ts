/**
 * @fileoverview The neural embedder for the index's semantic signal, built
 * from the config. Nothing is downloaded unless `allowDownload` says so.
 */
import { isAbsolute, join } from 'node:path';
import type { Embedder } from '../../indexer/index.js';
import { OllamaEmbedder, TransformersEmbedder } from '../../indexer/embedders/index.js';
import { resolveOllamaHost } from '../../models/ollama-host.js';
import type { Config, SemanticConfig } from './config-schema.js';

/** Loads the configured semantic embedder; rejects with a message that says how to fix it. */
export function loadSemanticEmbedder(semantic: SemanticConfig, config: Config, root: string, env: NodeJS.ProcessEnv): Promise<Embedder> {
  if (semantic.provider === 'transformers') {
    return TransformersEmbedder.load({
      modelId: semantic.model,
      modelDir: isAbsolute(semantic.modelDir) ? semantic.modelDir : join(root, semantic.modelDir),
      quantized: semantic.quantized,
      allowDownload: semantic.allowDownload,
    });
  }
  return OllamaEmbedder.load({
    model: semantic.model,
    host: resolveOllamaHost(semantic.host ?? config.model.host, env),
    allowRemoteHost: config.model.allowRemoteHost,
  });
}
