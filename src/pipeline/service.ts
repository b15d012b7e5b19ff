/**
 * @fileoverview One review service behind every adapter: it loads the
 * config, owns the warm index and the model client, and runs reviews. The
 * MCP server, the CLI and the hooks only parse, call and format. Model
 * client and semantic embedder modules are imported only when used, so a
 * `--no-model` CLI run does not load them.
 */
import { join } from 'node:path';
import { CodeIndex, StructuralEmbedder, type Embedder, type IndexStats } from '../../indexer/index.js';
import type { LlmClient } from '../../models/llm-client.js';
import type { TranscriptSink } from './agent/index.js';
import type { SemanticConfig } from './config-schema.js';
import { loadConfig, type LoadedConfig } from './config.js';
import { debugLogSink, teeSinks } from './debug-log.js';
import { review, type ReviewEvent } from './review.js';
import type { ReviewRequest, ReviewResult } from './schemas.js';

export interface ReviewOptions {
  /** false skips the model stage for this call (e.g. `--no-model`). */
  readonly model?: boolean;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: ReviewEvent) => void;
  /** Receives the model transcript of this review (CLI `--verbose`); `REVIEW_GUARD_LOG` adds a file. */
  readonly transcript?: TranscriptSink;
}

export interface ReviewService {
  readonly root: string;
  readonly loaded: LoadedConfig;
  review(request: ReviewRequest, options?: ReviewOptions): Promise<ReviewResult>;
  /** Brings the index up to date (or rebuilds it) and reports what it did. */
  updateIndex(options?: { rebuild?: boolean; onProgress?: (done: number, total: number) => void }): Promise<IndexStats>;
  /** Notices not yet reported (a store rebuilt, an embedder missing), each given once. */
  takeNotices(): Promise<string[]>;
  /** Stops watching the workspace; the service stays usable (each review then walks it). */
  close(): void;
}

export interface ServiceOptions {
  readonly root: string;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Keep the warm index fresh by watching the workspace instead of walking it
   * on every review (default true: for the long-lived MCP server). One-shot
   * commands pass false: they walk once and exit.
   */
  readonly watch?: boolean;
}

/** Where the index lives, under the workspace root. */
export const INDEX_DIR = '.review-guard/index';

/** Loads the workspace config (throws ConfigError) and returns a ready service. */
export async function createReviewService(options: ServiceOptions): Promise<ReviewService> {
  const root = options.root;
  const loaded = await loadConfig(root);
  const { config } = loaded;
  const env = options.env ?? process.env;
  const debugLog = debugLogSink(env, root);
  let llm: LlmClient | undefined;
  // Built on first use, so a bad OLLAMA_HOST never stops --no-model runs or indexing;
  // the pipeline reports a bad host as a model-stage warning next to the rule findings.
  const getLlm = async (): Promise<LlmClient> => (llm ??= await createLlmClient(loaded, env));

  // Notices for the next review's summary: from the service and new ones from the index.
  // The config's own notes (both a config file and package.json settings) come first.
  const pending: string[] = [...loaded.notes];
  let noticesSeen = 0;
  let opened: Promise<CodeIndex> | undefined;
  const openIndex = (): Promise<CodeIndex> => {
    opened ??= (async () => {
      const semantic = config.index.semantic && (await loadSemanticOrNotice(config.index.semantic));
      return CodeIndex.open({
        root,
        embedder: new StructuralEmbedder(),
        ...(semantic ? { semantic } : {}),
        storeDir: join(root, INDEX_DIR),
        watch: options.watch ?? true,
        maxFileBytes: config.maxFileBytes,
        include: config.index.include,
        exclude: config.index.exclude,
        gitignore: config.index.gitignore,
        chunkOptions: { minCodeLines: config.index.minLines, minTokens: config.index.minTokens },
      });
    })();
    // A failed open is retried by the next call instead of failing every later review.
    opened.catch(() => (opened = undefined));
    return opened;
  };
  const loadSemanticOrNotice = (semantic: SemanticConfig): Promise<Embedder | undefined> =>
    import('./semantic.js').then(({ loadSemanticEmbedder }) => loadSemanticEmbedder(semantic, config, root, env)).catch((error: Error) => {
      pending.push(`the semantic embedder is unavailable, so the index uses the structural signal only: ${error.message}`);
      return undefined;
    });
  const takeNotices = async (): Promise<string[]> => {
    const taken = pending.splice(0);
    if (!opened) return taken;
    const status = (await opened.catch(() => undefined))?.stats();
    if (status) {
      const fresh = Math.min(status.noticeCount - noticesSeen, status.notices.length);
      noticesSeen = status.noticeCount;
      if (fresh > 0) taken.push(...status.notices.slice(-fresh));
    }
    return taken;
  };

  return {
    root,
    loaded,
    review(request, reviewOptions = {}) {
      const useModel = reviewOptions.model !== false && config.model.enabled;
      const transcript = teeSinks(reviewOptions.transcript, debugLog);
      return review(request, {
        root,
        config,
        ruleSettings: loaded.ruleSettings,
        ...(config.index.enabled
          ? {
              // Each review refreshes the warm index first, so edits made since the last call are seen:
              // watched, only changed paths are re-checked (indexer/workspace-watch.ts: staleness guarantee).
              index: async ({ exclude }) => {
                const index = await openIndex();
                // Saved once, at the end of the review (review.ts), where a failed save is only a notice.
                await index.refresh({ exclude, persist: false });
                return index;
              },
            }
          : {}),
        ...(useModel ? { llm: getLlm } : {}),
        notices: takeNotices,
        ...(reviewOptions.signal ? { signal: reviewOptions.signal } : {}),
        ...(reviewOptions.onEvent ? { onEvent: reviewOptions.onEvent } : {}),
        ...(transcript ? { transcript } : {}),
      });
    },
    async updateIndex(indexOptions = {}) {
      const index = await openIndex();
      if (indexOptions.rebuild) return index.rebuild();
      return index.refresh(indexOptions.onProgress ? { onProgress: indexOptions.onProgress } : {});
    },
    takeNotices,
    close() {
      void opened?.then((index) => index.close(), () => undefined);
    },
  };
}

async function createLlmClient(loaded: LoadedConfig, env: NodeJS.ProcessEnv): Promise<LlmClient> {
  const { model } = loaded.config;
  const [{ OllamaChatClient }, { resolveOllamaHost }] = await Promise.all([import('../../models/ollama-chat.js'), import('../../models/ollama-host.js')]);
  return new OllamaChatClient({
    host: resolveOllamaHost(model.host, env),
    model: model.model,
    temperature: model.temperature,
    requestTimeoutMs: model.requestTimeoutMs,
    retries: model.retries,
    allowRemoteHost: model.allowRemoteHost,
    ...(model.numCtx !== undefined ? { numCtx: model.numCtx } : {}),
    ...(model.keepAlive !== undefined ? { keepAlive: model.keepAlive } : {}),
  });
}
