/**
 * @fileoverview One review service behind every adapter: it loads the
 * config, owns the warm index and the model client, and runs reviews. The
 * MCP server, the CLI and the hooks only parse, call and format. Model
 * client and semantic embedder modules are imported only when used, so a
 * `--no-model` CLI run does not load them.
 */
import { join } from 'node:path';
import { CodeIndex, StoreLockedError, StructuralEmbedder, type Candidate, type Embedder, type IndexStats, type IndexStatus } from '../../indexer/index.js';
import { WorkspaceLinkError } from '../../workspace/index.js';
import { SyntaxBindingError, type LanguageId } from '../../syntax/index.js';
import type { LlmClient } from '../../models/llm-client.js';
import type { TranscriptSink } from './model/agent/index.js';
import { AcceptedDuplicates, type DuplicatePair } from './duplicates/index.js';
import { fileSelectionOf, type SemanticConfig, loadConfig, type LoadedConfig } from './config/index.js';
import { readBaseline, withoutBaselined } from './scope/index.js';
import { debugLog, teeSinks, ModelGate } from './model/index.js';
import { capFindingsPerFile } from './findings/index.js';
import { UserError } from './errors.js';
import type { ChangeScope } from './scope/index.js';
import { review } from './review.js';
import type { ReviewEvent } from './review-run.js';
import type { ReviewRequest, ReviewResult } from './schemas.js';

interface ReviewOptions {
  /** false skips the model stage for this call (e.g. `--no-model`). */
  readonly model?: boolean;
  readonly signal?: AbortSignal;
  /** Epoch ms after which the model judges no more files (see ReviewDeps.deadline). */
  readonly deadline?: number;
  readonly onEvent?: (event: ReviewEvent) => void;
  /** Receives the model transcript of this review (CLI `--verbose`); `REVIEW_GUARD_LOG` adds a file. */
  readonly transcript?: TranscriptSink;
  /** Text to review instead of the file on disk, by workspace-relative path (e.g. the staged version). */
  readonly sources?: ReadonlyMap<string, string>;
  /** Diff-only: report only findings about these changed lines. */
  readonly scope?: ChangeScope;
  /** false reports findings recorded in the baseline file too (default true: they are left out). */
  readonly baseline?: boolean;
  /** false lists every finding (the baseline command records them all); default: at most `maxFindingsPerFile` per file. */
  readonly capFindings?: boolean;
  /**
   * false searches the stored index without walking the workspace for
   * changes first (the hook's fast path; an empty index is still built).
   * A stale index can only miss a copy: candidates whose file changed since
   * are never reported without the model.
   */
  readonly refreshIndex?: boolean;
  /**
   * The `sources` are a proposal (text a tool is about to write), not the
   * workspace: the index is not saved after this review, so the store never
   * holds text that may never be written (the next refresh reads the file again).
   */
  readonly proposal?: boolean;
}

export interface ReviewService {
  readonly root: string;
  readonly loaded: LoadedConfig;
  review(request: ReviewRequest, options?: ReviewOptions): Promise<ReviewResult>;
  /** Brings the index up to date (or rebuilds it) and reports what it did. */
  updateIndex(options?: { rebuild?: boolean; onProgress?: (done: number, total: number) => void }): Promise<IndexStats>;
  /**
   * Existing code similar to `code` (a function, or with a semantic embedder
   * also a description), from the up-to-date index; [] when it is disabled.
   */
  searchSimilar(query: { readonly code: string; readonly language: LanguageId; readonly limit: number }): Promise<Candidate[]>;
  /** Size and provenance of the index and when it was last brought up to date; undefined when disabled. */
  indexStatus(): Promise<(IndexStatus & { readonly lastUpdated?: string }) | undefined>;
  /**
   * Records duplicates a person chose to keep; later reviews do not report
   * them again. Only pairs whose both halves the index knows are recorded;
   * the others are returned.
   */
  acceptDuplicates(pairs: readonly DuplicatePair[]): Promise<DuplicatePair[]>;
  /** Notices not yet reported (a store rebuilt, an embedder missing), each given once. */
  takeNotices(): Promise<string[]>;
  /**
   * Starts loading the chat model in the background (when the model stage
   * is on), so the first review does not wait for a load of tens of
   * seconds; a failure is left for that review to report.
   */
  warmModel(): void;
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
  /**
   * Reviews leave the index unsaved; the owner saves it with updateIndex()
   * when no call waits (the daemon: its watched index in memory is the
   * current one, the store only serves the next cold process). Default false.
   */
  readonly deferSaves?: boolean;
  /**
   * The config's notes (both a config file and package.json settings, …)
   * come with every review and index update, as every one-shot CLI process
   * prints them, instead of once (the daemon: its output is the in-process
   * output). Default false.
   */
  readonly repeatConfigNotes?: boolean;
  /**
   * The service serves one call of a process that exits after it (the
   * in-process CLI): the model's load is not promised to the next review
   * (see OllamaChatOptions.outlivesReview). Default false.
   */
  readonly oneShot?: boolean;
}

/** Where the index lives, under the workspace root. */
export const INDEX_DIR = '.review-guard/index';

/** Loads the workspace config (throws ConfigError) and returns a ready service. */
export async function createReviewService(options: ServiceOptions): Promise<ReviewService> {
  const root = options.root;
  const loaded = await loadConfig(root);
  const { config } = loaded;
  const env = options.env ?? process.env;
  const log = debugLog(env, root);
  let llm: LlmClient | undefined;
  // Built on first use, so a bad OLLAMA_HOST never stops --no-model runs or indexing;
  // the pipeline reports a bad host as a model-stage warning next to the rule findings.
  // One gate per service, so concurrent reviews (HTTP clients, tasks) share the model's few slots.
  const gate = new ModelGate({ maxConcurrent: config.model.maxConcurrent, maxQueued: config.model.maxQueued });
  const getLlm = async (): Promise<LlmClient> => (llm ??= gate.wrap(await createLlmClient(loaded, env, options.oneShot === true)));

  // Notices for the next review's summary: from the service and new ones from the index.
  // The config's own notes (both a config file and package.json settings) come first.
  const pending: string[] = [...loaded.notes, ...(log.notice ? [log.notice] : [])];
  let noticesSeen = 0;
  let noticesTaken = false;
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
        ...fileSelectionOf(config),
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
  let lastUpdated: string | undefined;
  // `persist: false` for reviews: they save once at their end (review.ts), where a failed save is only a notice.
  const freshIndex = async (exclude?: ReadonlySet<string>, persist = true): Promise<CodeIndex> => {
    const index = await openIndex();
    await index.refresh({ ...(exclude ? { exclude } : {}), persist });
    lastUpdated = new Date().toISOString();
    return index;
  };
  const takeNotices = async (): Promise<string[]> => {
    const taken = [...(options.repeatConfigNotes && noticesTaken ? loaded.notes : []), ...pending.splice(0), ...(llm?.takeNotices?.() ?? [])];
    noticesTaken = true;
    if (!opened) return taken;
    const status = (await opened.catch(() => undefined))?.stats();
    if (status) {
      const fresh = Math.min(status.noticeCount - noticesSeen, status.notices.length);
      noticesSeen = status.noticeCount;
      if (fresh > 0) taken.push(...status.notices.slice(-fresh));
    }
    return taken;
  };

  const accepted = new AcceptedDuplicates(root);

  return {
    root,
    loaded,
    async review(request, reviewOptions = {}) {
      const useModel = reviewOptions.model !== false && config.model.enabled;
      const transcript = teeSinks(reviewOptions.transcript, log.sink);
      // Read per review: the long-lived server sees a baseline written after it started.
      const known = reviewOptions.baseline === false ? undefined : await readBaseline(root);
      const result = await review(request, {
        root,
        config,
        ruleSettings: loaded.ruleSettings,
        ...(config.index.enabled
          ? {
              // Each review refreshes the warm index first, so edits made since the last call are seen:
              // watched, only changed paths are re-checked (indexer/walk/watcher.ts: staleness guarantee).
              // The hook's fast path searches the stored index without walking the workspace (an empty one is still built).
              index: async ({ exclude }) => {
                if (reviewOptions.refreshIndex !== false) return freshIndex(exclude, false);
                const index = await openIndex();
                return index.stats().files === 0 ? freshIndex(exclude, false) : index;
              },
            }
          : {}),
        ...(useModel ? { llm: getLlm } : {}),
        notices: takeNotices,
        ...(reviewOptions.signal ? { signal: reviewOptions.signal } : {}),
        ...(reviewOptions.deadline !== undefined ? { deadline: reviewOptions.deadline } : {}),
        ...(reviewOptions.onEvent ? { onEvent: reviewOptions.onEvent } : {}),
        ...(transcript ? { transcript } : {}),
        ...(reviewOptions.sources ? { sources: reviewOptions.sources } : {}),
        ...(reviewOptions.scope ? { scope: reviewOptions.scope } : {}),
        ...(options.deferSaves || reviewOptions.proposal ? { saveIndex: false } : {}),
      }).catch((error: unknown) => {
        throw setupProblem(error);
      });
      const fresh = await accepted.filter(result);
      const news = known ? withoutBaselined(fresh, known) : fresh;
      // Capped last, so findings the baseline leaves out do not crowd out new ones.
      return reviewOptions.capFindings === false ? news : capFindingsPerFile(news, config.maxFindingsPerFile);
    },
    async acceptDuplicates(pairs) {
      const index = config.index.enabled ? await openIndex() : undefined;
      const known = (pair: DuplicatePair) => index !== undefined && index.hasSymbol(pair.file, pair.symbol) && index.hasSymbol(pair.relatedFile, pair.relatedSymbol);
      await accepted.add(pairs.filter(known));
      return pairs.filter((pair) => !known(pair));
    },
    async updateIndex(indexOptions = {}) {
      const index = await openIndex();
      const progress = indexOptions.onProgress ? { onProgress: indexOptions.onProgress } : {};
      const stats = await (indexOptions.rebuild ? index.rebuild(progress) : index.refresh(progress)).catch((error: unknown) => {
        throw storeProblem(error, root);
      });
      lastUpdated = new Date().toISOString();
      return stats;
    },
    async searchSimilar(query) {
      if (!config.index.enabled) return [];
      return (await freshIndex()).search({ code: query.code, language: query.language }, query.limit).catch((error: unknown) => {
        throw setupProblem(error);
      });
    },
    async indexStatus() {
      if (!config.index.enabled) return undefined;
      return { ...(await openIndex()).stats(), ...(lastUpdated ? { lastUpdated } : {}) };
    },
    takeNotices,
    warmModel() {
      if (!config.model.enabled) return;
      void getLlm()
        .then((client) => client.prepare?.())
        .catch(() => undefined);
    },
    close() {
      void opened?.then((index) => index.close(), () => undefined);
    },
  };
}

async function createLlmClient(loaded: LoadedConfig, env: NodeJS.ProcessEnv, oneShot: boolean): Promise<LlmClient> {
  const { model } = loaded.config;
  const [{ OllamaChatClient }, { resolveOllamaHost }] = await Promise.all([import('../../models/ollama-chat.js'), import('../../models/ollama-host.js')]);
  return new OllamaChatClient({
    host: resolveOllamaHost(model.host, env),
    model: model.model,
    temperature: model.temperature,
    requestTimeoutMs: model.requestTimeoutMs,
    retries: model.retries,
    allowRemoteHost: model.allowRemoteHost,
    numCtx: model.numCtx,
    keepAlive: model.keepAlive,
    loadTimeoutMs: model.loadTimeoutMs,
    outlivesReview: !oneShot,
  });
}

/**
 * A store that another writer holds too long, or that cannot be written, is
 * the user's to fix (every adapter reports it as such): a UserError with the
 * reason. Anything else stays what it is.
 */
function storeProblem(error: unknown, root: string): unknown {
  if (error instanceof SyntaxBindingError) return setupProblem(error);
  if (!(error instanceof Error)) return error;
  if (error instanceof StoreLockedError || error instanceof WorkspaceLinkError) return new UserError(error.message);
  if (typeof (error as NodeJS.ErrnoException).code !== 'string') return error;
  return new UserError(
    `the index under ${join(root, INDEX_DIR)} could not be written (${error.message}); make sure that path is a folder you can write, or delete it`,
  );
}

/**
 * A syntax binding that was never built (install scripts skipped) is a setup
 * problem whose message names the fix: every adapter (CLI, hook, MCP) reports
 * it as the user's, not as a crash. Anything else stays what it is.
 */
function setupProblem(error: unknown): unknown {
  return error instanceof SyntaxBindingError ? new UserError(error.message) : error;
}
