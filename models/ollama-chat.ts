/**
 * @fileoverview The `LlmClient` for a local Ollama server, through the
 * `ollama` JS client. The HTTP plumbing (signal and timeout, reading error
 * replies without the client's stdout logging, failure messages) is shared
 * with the Ollama embedder in ollama-http.ts; this file maps chat messages
 * and tools to Ollama's shapes, checks the reply, and gets the model ready:
 * its capabilities and context length read once (`/api/show`), one load in
 * the background with its own generous timeout (a client that hangs up
 * aborts Ollama's load, so the per-turn timeout must not end it), and the
 * same `num_ctx` on the load and every turn (a changed one reloads).
 */
import type { Message, Tool } from 'ollama';
import { z } from 'zod';
import { ModelError, toolsUnsupportedMessage } from './errors.js';
import { callOllama } from './ollama-http.js';
import { assertHostAllowed } from './ollama-host.js';
import { isModelListed, isModelLoaded, loadModel, modelSizeBytes, showModel, type ModelInfo } from './ollama-model.js';
import type { ChatMessage, ChatRequest, ChatResponse, LlmClient, ModelReadiness, ToolSpec } from './llm-client.js';
import { DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_NUM_CTX, expectedLoadSeconds } from './model-defaults.js';


/** The pause before the one retry of a load request the server failed. */
const LOAD_RETRY_PAUSE_MS = 500;

/** Limit for the small `/api/show`, `/api/ps` and `/api/tags` requests. */
const INFO_TIMEOUT_MS = 5_000;

/** Which model to chat with on which server, and the request settings sent with every turn. */
interface OllamaChatOptions {
  /** Full base URL, e.g. from `resolveOllamaHost`. */
  readonly host: string;
  readonly model: string;
  readonly temperature?: number;
  /** The context window asked for (capped at the model's own); default {@link DEFAULT_NUM_CTX}. */
  readonly numCtx?: number;
  /** Limit for loading the model into memory; default {@link DEFAULT_LOAD_TIMEOUT_MS}. */
  readonly loadTimeoutMs?: number;
  /**
   * false: the client lives for one review (a one-shot CLI run, which ends
   * when its review does): a load the review cannot wait for stops with the
   * process, and its message says so instead of promising the next review
   * a loaded model. Default true (serve, the daemon).
   */
  readonly outlivesReview?: boolean;
  /** How long Ollama keeps the model loaded, e.g. `"10m"`. */
  readonly keepAlive?: string | number;
  /** Limit for one chat request, including reading the reply. */
  readonly requestTimeoutMs: number;
  /** Further attempts after a transient failure (see `callOllama`); default 0. */
  readonly retries?: number;
  /** Send code to a host that is not this machine; default false (the constructor refuses it). */
  readonly allowRemoteHost?: boolean;
}

/** A tool call's arguments as Ollama accepts them: a JSON object, never an array. */
const ArgumentsSchema = z.record(z.string(), z.unknown());

const ReplySchema = z.object({
  message: z.object({
    content: z.string().default(''),
    tool_calls: z
      .array(
        z.object({
          function: z.object({
            name: z.string(),
            arguments: z.union([ArgumentsSchema, z.string()]).default({}),
          }),
        }),
      )
      .optional(),
  }),
  prompt_eval_count: z.number().optional(),
  eval_count: z.number().optional(),
  done_reason: z.string().optional(),
});

/** A load in progress: when it started and how long it should take. */
interface Load {
  readonly done: Promise<void>;
  readonly started: number;
  readonly expectedSeconds?: number;
  /** The model had been loaded by this client before (it was unloaded since). */
  readonly again: boolean;
  /** Set once `/api/ps` said the model is not in memory: a load, not a check. */
  readonly loading: boolean;
  /** Told when `loading` becomes true. */
  readonly listeners: ((status: string) => void)[];
}

/** Chats with one model on one Ollama server; see {@link OllamaChatOptions}. */
export class OllamaChatClient implements LlmClient {
  readonly description: string;
  private info: Promise<ModelInfo> | undefined;
  private load: Load | undefined;
  private loaded = false;
  private readonly notices: string[] = [];
  private everLoaded = false;
  private numCtx: number;

  /** Throws `RemoteHostRefusedError` for a host off this machine unless `allowRemoteHost` is set. */
  constructor(private readonly options: OllamaChatOptions) {
    assertHostAllowed(options.host, options.allowRemoteHost ?? false);
    this.description = `${options.model} on Ollama at ${options.host}`;
    this.numCtx = options.numCtx ?? DEFAULT_NUM_CTX;
  }

  /**
   * Reads the model's facts once, then waits for it to be loaded (starting
   * the load if nobody has). A `signal` that ends first leaves the load
   * running and throws `loading`. See `LlmClient.prepare`.
   */
  async prepare(signal?: AbortSignal, onLoading?: (status: string) => void): Promise<ModelReadiness> {
    const { model, host } = this.options;
    this.info ??= this.readInfo(signal).catch((error: unknown) => {
      this.info = undefined;
      throw error;
    });
    const info = await this.info;
    if (info.capabilities && !info.capabilities.includes('tools')) {
      throw new ModelError('unsupported', toolsUnsupportedMessage(model, info.capabilities), { host });
    }
    // The model's own limit wins: a larger num_ctx makes it read past what it was trained on.
    this.numCtx = Math.min(this.options.numCtx ?? DEFAULT_NUM_CTX, info.contextLength ?? Infinity);
    if (!this.loaded) await this.waitForLoad(signal, onLoading);
    return { contextWindow: this.numCtx };
  }

  takeNotices(): string[] {
    return this.notices.splice(0);
  }

  /**
   * `/api/show`, or, when a proxy in front of Ollama answers it 404 while
   * `/api/tags` lists the model, nothing: chat is tried without the
   * model's facts (its context length and tool support unknown), with one
   * notice instead of every file failing.
   */
  private async readInfo(signal: AbortSignal | undefined): Promise<ModelInfo> {
    try {
      return await showModel(this.infoCall(signal));
    } catch (error) {
      if (!(error instanceof ModelError) || error.status !== 404 || !(await isModelListed(this.infoCall(signal)).catch(() => false))) throw error;
      const { model, host } = this.options;
      this.notices.push(
        `${host} answered /api/show for ${model} with HTTP 404 although /api/tags lists it (a proxy without /api/show?): ` +
          `the review goes on without the model's facts — num_ctx ${this.numCtx} as configured (model.numCtx), tool support unknown`,
      );
      return {};
    }
  }

  /**
   * One non-streaming chat turn. Throws {@link ModelError} on every failure.
   * A turn that times out is not simply sent again: the model may have been
   * pushed out of memory, and each hang-up would abort its reload. So after
   * a timeout `/api/ps` is asked first; a model that is not listed is loaded
   * (in the background, under `model.loadTimeoutMs`) and waited for as long
   * as the caller's signal allows, then the turn is sent once more; a model
   * still in memory stalled, and the turn is retried up to `model.retries`.
   */
  async chat(request: ChatRequest): Promise<ChatResponse> {
    let stalls = 0;
    for (;;) {
      try {
        return await this.chatOnce(request);
      } catch (error) {
        if (!(error instanceof ModelError) || error.kind !== 'timeout' || request.signal?.aborted) throw error;
        if (await isModelLoaded(this.infoCall(request.signal)).catch(() => true)) {
          // The setting that ended it, by name: a turn's limit is not the stage's budget (model.timeoutMs).
          if (stalls++ >= (this.options.retries ?? 0)) throw new ModelError('timeout', `${error.message} (model.requestTimeoutMs bounds the silence within a turn)`, { host: this.options.host, cause: error });
          continue;
        }
        this.loaded = false;
        // Throws `loading` when the caller's budget ends first; the load goes on for the next review.
        await this.waitForLoad(request.signal);
      }
    }
  }

  private async chatOnce(request: ChatRequest): Promise<ChatResponse> {
    const { host, model, temperature, keepAlive, requestTimeoutMs, retries } = this.options;
    const numCtx = this.numCtx;
    const call = { host, model, timeoutMs: requestTimeoutMs, signal: request.signal, retries: retries ?? 0, retryTimeouts: false, streamReply: true };
    const reply = await callOllama(call, (client) =>
      client.chat({
        model,
        messages: request.messages.map(toOllamaMessage),
        ...(request.tools?.length ? { tools: request.tools.map(toOllamaTool) } : {}),
        ...(request.format !== undefined ? { format: request.format } : {}),
        ...(keepAlive !== undefined ? { keep_alive: keepAlive } : {}),
        options: { ...(temperature !== undefined ? { temperature } : {}), num_ctx: numCtx },
        stream: false,
      }),
    );
    return this.toChatResponse(reply);
  }

  /** Waits for the load (started once, shared by every caller) until it ends or `signal` does. */
  private async waitForLoad(signal: AbortSignal | undefined, onLoading?: (status: string) => void): Promise<void> {
    const load = (this.load ??= this.startLoad());
    if (onLoading) {
      if (load.loading) onLoading(this.loadingStatus(load));
      else load.listeners.push(onLoading);
    }
    if (signal?.aborted) throw this.stillLoading(load);
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(this.stillLoading(load));
      signal?.addEventListener('abort', onAbort, { once: true });
      load.done.then(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** The load, in the background: no caller's signal reaches it, only its own timeout. */
  private startLoad(): Load {
    const again = this.everLoaded;
    const started = Date.now();
    const load: { -readonly [K in keyof Load]: Load[K] } = { done: Promise.resolve(), started, again, loading: false, listeners: [] };
    const { host, model, keepAlive, loadTimeoutMs } = this.options;
    load.done = (async () => {
      if (!(await isModelLoaded(this.infoCall(undefined)))) {
        const size = await modelSizeBytes(this.infoCall(undefined)).catch(() => undefined);
        if (size !== undefined) load.expectedSeconds = expectedLoadSeconds(size);
        load.loading = true;
        for (const listener of load.listeners.splice(0)) listener(this.loadingStatus(load));
      }
      // Sent for a model in memory too: loaded by another client with another num_ctx, it is loaded again
      // here, in the background, and not by the first turn under the per-turn timeout (instant otherwise).
      const loading = (): Promise<void> =>
        loadModel({ host, model, timeoutMs: loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS }, { numCtx: this.numCtx, ...(keepAlive !== undefined ? { keepAlive } : {}) });
      // A load request carries no content that could fail again the same way: one server error is worth a second try.
      await loading().catch(async (error: unknown) => {
        if (!(error instanceof ModelError) || error.kind !== 'http' || (error.status ?? 0) < 500) throw error;
        await new Promise((resolve) => setTimeout(resolve, LOAD_RETRY_PAUSE_MS));
        await loading();
      });
    })().then(
      () => {
        this.loaded = true;
        this.everLoaded = true;
        this.load = undefined;
      },
      (error: unknown) => {
        this.load = undefined;
        throw error;
      },
    );
    // Nobody may be waiting when it fails; the next prepare() starts another.
    load.done.catch(() => undefined);
    return load;
  }

  /** "loading qwen3-coder:30b (first use, estimated ~38 s" — without the closing parenthesis, for more to follow. */
  private loadingText(load: Load): string {
    // A guess from the size alone (see model-defaults.ts), and said to be one.
    const expected = load.expectedSeconds !== undefined ? `, estimated ~${load.expectedSeconds} s` : '';
    return `loading ${this.options.model} (${load.again ? 'unloaded since its last use' : 'first use'}${expected}`;
  }

  private loadingStatus(load: Load): string {
    return `${this.loadingText(load)})`;
  }

  private stillLoading(load: Load): ModelError {
    const elapsed = Math.round((Date.now() - load.started) / 1000);
    return new ModelError(
      'loading',
      `${this.loadingText(load)}, ${elapsed} s so far): the model judges no file until it is in memory; ` +
        (this.options.outlivesReview === false
          ? 'this run ends with its review and does not wait for the load, which stops with it; a warm process keeps the model loading between reviews (`review-guard serve`, or the daemon the hook starts)'
          : 'it goes on loading, so the next review can use it (model.loadTimeoutMs bounds the load)'),
      { host: this.options.host },
    );
  }

  private infoCall(signal: AbortSignal | undefined): Parameters<typeof callOllama>[0] {
    const { host, model } = this.options;
    return { host, model, timeoutMs: INFO_TIMEOUT_MS, ...(signal ? { signal } : {}) };
  }

  private toChatResponse(reply: unknown): ChatResponse {
    const parsed = ReplySchema.safeParse(reply);
    if (!parsed.success) {
      const { host } = this.options;
      throw new ModelError('invalid-response', `Ollama at ${host} sent a reply without a chat message`, {
        host,
        cause: parsed.error,
      });
    }
    const { message, eval_count: evalCount, prompt_eval_count: promptEvalCount, done_reason: doneReason } = parsed.data;
    return {
      message: {
        role: 'assistant',
        content: message.content,
        ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
      },
      ...(evalCount !== undefined ? { evalCount } : {}),
      ...(promptEvalCount !== undefined ? { promptEvalCount } : {}),
      ...(doneReason === 'length' ? { cut: true } : {}),
    };
  }
}

function toOllamaMessage(message: ChatMessage): Message {
  return {
    role: message.role,
    content: message.content,
    ...(message.tool_calls?.length
      ? {
          tool_calls: message.tool_calls.map((call) => ({
            function: { name: call.function.name, arguments: argumentsObject(call.function.arguments) },
          })),
        }
      : {}),
    ...(message.tool_name !== undefined ? { tool_name: message.tool_name } : {}),
  };
}

/** Ollama only accepts an object here; a model may have produced a JSON string. */
function argumentsObject(value: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof value !== 'string') return value;
  try {
    return ArgumentsSchema.safeParse(JSON.parse(value)).data ?? {};
  } catch {
    return {};
  }
}

function toOllamaTool(tool: ToolSpec): Tool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}
