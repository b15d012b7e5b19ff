/**
 * @fileoverview One review service behind every adapter: it loads the
 * config, owns the warm index and the model client, and runs reviews. The
 * MCP server, the CLI and the hooks only parse, call and format.
 */
import { join } from 'node:path';
import { CodeIndex, StructuralEmbedder, type IndexStats } from '../../indexer/index.js';
import type { LlmClient } from '../../models/llm-client.js';
import { OllamaChatClient } from '../../models/ollama-chat.js';
import { resolveOllamaHost } from '../../models/ollama-host.js';
import { loadConfig, type LoadedConfig } from './config.js';
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

/** Where the index lives, under the workspace root. */
export const INDEX_DIR = '.review-guard/index';

/** Loads the workspace config (throws ConfigError) and returns a ready service. */
export async function createReviewService(options: ServiceOptions): Promise<ReviewService> {
  const root = options.root;
  const loaded = await loadConfig(root);
  const { config } = loaded;
  const env = options.env ?? process.env;
  let llm: LlmClient | undefined;
  // Built on first use, so a bad OLLAMA_HOST never stops --no-model runs or indexing;
  // the pipeline reports a bad host as a model-stage warning next to the rule findings.
  const getLlm = (): LlmClient => (llm ??= createLlmClient(loaded, env));

  let opened: Promise<CodeIndex> | undefined;
  const openIndex = (): Promise<CodeIndex> => {
    opened ??= CodeIndex.open({
      root,
      embedder: new StructuralEmbedder(),
      storeDir: join(root, INDEX_DIR),
      maxFileBytes: config.maxFileBytes,
    });
    // A failed open is retried by the next call instead of failing every later review.
    opened.catch(() => (opened = undefined));
    return opened;
  };

  return {
    root,
    loaded,
    review(request, reviewOptions = {}) {
      const useModel = reviewOptions.model !== false && config.model.enabled;
      return review(request, {
        root,
        config,
        ruleSettings: loaded.ruleSettings,
        ...(config.index.enabled
          ? {
              // Each review refreshes the warm index first, so edits made since the last call are seen.
              index: async ({ exclude }) => {
                const index = await openIndex();
                await index.refresh({ exclude });
                return index;
              },
            }
          : {}),
        ...(useModel ? { llm: getLlm } : {}),
        ...(reviewOptions.signal ? { signal: reviewOptions.signal } : {}),
        ...(reviewOptions.onEvent ? { onEvent: reviewOptions.onEvent } : {}),
      });
    },
    async updateIndex(indexOptions = {}) {
      const index = await openIndex();
      if (indexOptions.rebuild) return index.rebuild();
      return index.refresh(indexOptions.onProgress ? { onProgress: indexOptions.onProgress } : {});
    },
  };
}

function createLlmClient(loaded: LoadedConfig, env: NodeJS.ProcessEnv): LlmClient {
  const { model } = loaded.config;
  return new OllamaChatClient({
    host: resolveOllamaHost(model.host, env),
    model: model.model,
    temperature: model.temperature,
    requestTimeoutMs: model.requestTimeoutMs,
    ...(model.numCtx !== undefined ? { numCtx: model.numCtx } : {}),
    ...(model.keepAlive !== undefined ? { keepAlive: model.keepAlive } : {}),
  });
}
