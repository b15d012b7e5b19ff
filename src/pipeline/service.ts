/**
 * @fileoverview One review service behind every adapter: it loads the
 * config, owns the warm index and the model client, and runs reviews. The
 * MCP server, the CLI and the hooks only parse, call and format.
 */
import { resolve } from 'node:path';
import { CodeIndex, StructuralEmbedder, type IndexStats } from '../../indexer/index.js';
import { InvalidOllamaHostError } from '../../models/errors.js';
import type { LlmClient } from '../../models/llm-client.js';
import { OllamaChatClient } from '../../models/ollama-chat.js';
import { resolveOllamaHost } from '../../models/ollama-host.js';
import { loadConfig, type LoadedConfig } from './config.js';
import { ConfigError } from './errors.js';
import { review, type ReviewEvent } from './review.js';
import type { ReviewRequest, ReviewResult } from './schemas.js';

export interface ReviewOptions {
  /** false skips the model stage for this call (e.g. `--no-model`). */
  readonly model?: boolean;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: ReviewEvent) => void;
}

export interface ReviewService {
  readonly root: string;
  readonly loaded: LoadedConfig;
  review(request: ReviewRequest, options?: ReviewOptions): Promise<ReviewResult>;
  /** Brings the index up to date (or rebuilds it) and reports what it did. */
  updateIndex(options?: { rebuild?: boolean; onProgress?: (done: number, total: number) => void }): Promise<IndexStats>;
}

export interface ServiceOptions {
  readonly root: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Loads the workspace config (throws ConfigError) and returns a ready service. */
export async function createReviewService(options: ServiceOptions): Promise<ReviewService> {
  const root = options.root;
  const loaded = await loadConfig(root);
  const { config } = loaded;
  const llm = config.model.enabled ? createLlmClient(loaded, options.env ?? process.env) : undefined;
  let opened: Promise<CodeIndex> | undefined;
  const openIndex = (): Promise<CodeIndex> =>
    (opened ??= CodeIndex.open({
      root,
      embedder: new StructuralEmbedder(),
      storeDir: resolve(root, config.index.dir),
      maxFileBytes: config.maxFileBytes,
    }));

  // Each review refreshes the warm index first, so edits made since the last call are seen.
  const freshIndex = async (): Promise<CodeIndex> => {
    const index = await openIndex();
    await index.refresh();
    return index;
  };

  return {
    root,
    loaded,
    review(request, reviewOptions = {}) {
      const useModel = reviewOptions.model !== false && llm !== undefined;
      return review(request, {
        root,
        config,
        ruleSettings: loaded.ruleSettings,
        ...(config.index.enabled ? { index: freshIndex } : {}),
        ...(useModel ? { llm } : {}),
        ...(reviewOptions.signal ? { signal: reviewOptions.signal } : {}),
        ...(reviewOptions.onEvent ? { onEvent: reviewOptions.onEvent } : {}),
      });
    },
    async updateIndex(indexOptions = {}) {
      const index = await openIndex();
      return indexOptions.rebuild ? index.rebuild() : index.refresh(indexOptions.onProgress);
    },
  };
}

function createLlmClient(loaded: LoadedConfig, env: NodeJS.ProcessEnv): LlmClient {
  const { model } = loaded.config;
  let host: string;
  try {
    host = resolveOllamaHost(model.host, env);
  } catch (error) {
    if (error instanceof InvalidOllamaHostError) throw new ConfigError(error.message, error.origin === 'config' ? 'model.host' : undefined);
    throw error;
  }
  return new OllamaChatClient({
    host,
    model: model.model,
    temperature: model.temperature,
    requestTimeoutMs: model.requestTimeoutMs,
    ...(model.numCtx !== undefined ? { numCtx: model.numCtx } : {}),
    ...(model.keepAlive !== undefined ? { keepAlive: model.keepAlive } : {}),
  });
}
