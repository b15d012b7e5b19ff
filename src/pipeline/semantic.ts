/**
 * @fileoverview The neural embedder for the index's semantic signal, built
 * from the config. Nothing is downloaded unless `allowDownload` says so, and
 * then only into a folder inside the workspace root that no link leads out
 * of (a `modelDir` elsewhere is read, never written).
 */
import { join, relative, resolve } from 'node:path';
import { type Embedder } from '../../indexer/index.js';
import { isWithinRoot, resolveWorkspacePath } from '../../workspace/index.js';
import { missingModelFiles, OllamaEmbedder, TransformersEmbedder } from '../../indexer/embedders/neural/index.js';
import { resolveOllamaHost } from '../../models/ollama-host.js';
import type { Config, SemanticConfig } from './config/index.js';

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
export async function loadSemanticEmbedder(semantic: SemanticConfig, config: Config, root: string, env: NodeJS.ProcessEnv): Promise<Embedder> {
  if (semantic.provider === 'transformers') {
    if (semantic.allowDownload) await checkDownloadTarget(semantic, root);
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

/**
 * Throws unless a download lands inside the workspace root: `modelDir` under
 * it, and no link on the way to a file the download writes (the model's
 * folders and files) leading out of it — transformers.js writes them itself.
 */
async function checkDownloadTarget(semantic: TransformersSettings, root: string): Promise<void> {
  const modelDir = semanticModelDir(semantic, root);
  if (!isWithinRoot(root, modelDir)) {
    throw new Error(
      `index.semantic.modelDir "${semantic.modelDir}" is outside the workspace root, and review-guard downloads only into the workspace — ` +
        'put the model files there yourself (allowDownload: false), or set modelDir to a folder inside the workspace',
    );
  }
  const { modelPath, expected } = await missingModelFiles(modelDir, semantic.model, semantic.quantized);
  for (const file of expected) resolveWorkspacePath(root, relative(root, join(modelPath, file)), 'inside');
}
