/**
 * @fileoverview A fake Ollama server for tests: a real HTTP server on
 * 127.0.0.1 speaking the subset of the Ollama API that the `ollama` JS client
 * uses (`/api/chat` non-streaming and NDJSON streaming, `/api/show`,
 * `/api/ps`, `/api/tags`, `/api/version`, `/api/embed`, `GET /`). Chat
 * replies are scripted per turn (a message with or without tool calls, an
 * Ollama error, a dropped connection, a delay, or a broken server's reply:
 * cut off mid-body, garbage, or huge); every request is recorded with its
 * body (tools, format, options), including whether the client hung up
 * before the reply.
 *
 * Where it matters it behaves as a stock Ollama does, not as a client would
 * wish: a request without `options.num_ctx` gets a 4096-token window; a
 * prompt over the window is cut from the front (whole older messages
 * first, system messages kept, then the start of the last message) before
 * the script sees it, and `prompt_eval_count` is the count of what was
 * read; with `loadMs`, a model is not in memory until a request has waited
 * that long, a client hanging up aborts the load (the next request starts
 * it again), and `/api/ps` lists only loaded models, by their full names
 * (`qwen2.5-coder` is loaded and listed as `qwen2.5-coder:latest`), and a
 * request with another `num_ctx` than the model was loaded with loads it again; `/api/show` reports
 * capabilities and the context length; a model without `tools` answers a
 * request with tools with Ollama's 400; `failOn` answers HTTP 500 for the
 * conversations with tools whose text matches (Ollama's tool-call parser
 * failing on one content) without consuming a scripted turn.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

export interface FakeToolCall {
  readonly function: { readonly name: string; readonly arguments: Record<string, unknown> | string };
}

/** An assistant turn. Real Ollama always sends object arguments; a string is for testing clients. */
export interface FakeChatReply {
  readonly content?: string;
  readonly tool_calls?: readonly FakeToolCall[];
  readonly thinking?: string;
  /** Wait this long before answering (overrides the server-wide delay). */
  readonly delayMs?: number;
  readonly evalCount?: number;
}

/** A non-2xx reply with Ollama's `{"error": "..."}` body. */
export interface FakeErrorReply {
  readonly status: number;
  readonly error: string;
  readonly delayMs?: number;
}

/** The server closes the connection without a reply (a crash or restart mid-request: the client sees a reset). */
export interface FakeDropReply {
  readonly drop: true;
}

/** The server sends the headers and the first part of a JSON reply, then dies (the client sees the body end early). */
export interface FakeTruncatedReply {
  readonly truncated: true;
}

/** A reply whose body is `raw` verbatim (default status 200, JSON content type): garbage from a broken or foreign server. */
export interface FakeRawReply {
  readonly raw: string;
  readonly status?: number;
  readonly contentType?: string;
}

/** A valid-looking chat reply whose content is `hugeBytes` long, streamed in 1 MiB pieces without a Content-Length. */
export interface FakeHugeReply {
  readonly hugeBytes: number;
}

export type FakeReply = FakeChatReply | FakeErrorReply | FakeDropReply | FakeTruncatedReply | FakeRawReply | FakeHugeReply;

/** A chat request body as the client sent it. */
export interface FakeChatRequest {
  readonly model: string;
  readonly messages: readonly {
    readonly role: string;
    readonly content: string;
    readonly tool_calls?: readonly FakeToolCall[];
    readonly tool_name?: string;
  }[];
  readonly tools?: readonly { readonly type: string; readonly function: { readonly name: string } }[];
  readonly format?: unknown;
  readonly options?: Record<string, unknown>;
  readonly keep_alive?: string | number;
  readonly stream?: boolean;
}

/** Replies in order (one per chat turn), or a function of the request and its 0-based turn index. */
export type FakeScript =
  | readonly FakeReply[]
  | ((request: FakeChatRequest, turnIndex: number) => FakeReply | Promise<FakeReply>);

export interface FakeOllamaOptions {
  /** Pulled models; others get Ollama's 404. Absent: every model exists. */
  readonly models?: readonly string[];
  /** Sizes in bytes that `/api/tags` and `/api/ps` report, by model; default 4.7 GB each. */
  readonly modelSizes?: Readonly<Record<string, number>>;
  /** `/api/show` capabilities; default `["completion", "tools"]`. */
  readonly capabilities?: readonly string[];
  /** `/api/show` as Ollama before 0.6 answers it: no `capabilities`, and `model_info` without a context length. */
  readonly olderShow?: boolean;
  /** `/api/show` `model_info["qwen3moe.context_length"]`; default 262144 (qwen3-coder's). */
  readonly contextLength?: number;
  /** The window of a request without `options.num_ctx`; default 4096 (Ollama below 24 GiB VRAM). */
  readonly defaultNumCtx?: number;
  /** Characters per token of the fake tokenizer; default 3.5 (Qwen's tokenizer on numbered TypeScript: 3.4). */
  readonly charsPerToken?: number;
  /** A model is not in memory until a request has waited this long; default: every model is loaded from the start. */
  readonly loadMs?: number;
  /** With `loadMs`: models in memory from the start, with the `num_ctx` another client loaded them with. */
  readonly loaded?: Readonly<Record<string, number>>;
  /**
   * HTTP 500 with `error` for every chat that offers tools and whose messages' text matches `pattern`:
   * Ollama's tool-call parser failing on one conversation (a request without tools never reaches the parser).
   */
  readonly failOn?: { readonly pattern: RegExp; readonly error: string };
  /** Delay before every reply, in ms. */
  readonly delayMs?: number;
  readonly version?: string;
  /** Embedding vectors for `/api/embed`; default: deterministic 8-d hash vectors. */
  readonly embed?: (inputs: readonly string[]) => number[][];
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** Parsed JSON body, the raw text if it was not JSON, undefined if empty. */
  readonly body: unknown;
  /** The client closed the connection before the reply was complete. */
  aborted: boolean;
  /** For a chat: the prompt's tokens before any truncation, the window, and whether it was cut. */
  prompt?: { readonly tokens: number; readonly numCtx: number; readonly truncated: boolean };
}

export interface FakeOllama {
  /** Base URL, e.g. `http://127.0.0.1:53211`; use it as `model.host` or `OLLAMA_HOST`. */
  readonly url: string;
  /** Every request, in arrival order (live). */
  readonly requests: readonly RecordedRequest[];
  /** The bodies of the `/api/chat` requests with messages (not loads), in order, as the client sent them. */
  chatRequests(): FakeChatRequest[];
  /** The records of the `/api/chat` requests with messages (review turns, not loads), in order. */
  turnRecords(): RecordedRequest[];
  /** The chat requests whose prompt the server cut to fit its window. */
  truncatedChats(): RecordedRequest[];
  /** Models in memory now. */
  loadedModels(): string[];
  /** Takes a model out of memory, as Ollama does when its keep_alive runs out. */
  unload(model: string): void;
  /** Loads started (a load aborted by a hang-up counts, and so does the next one). */
  readonly loadsStarted: number;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

const DEFAULT_MODEL = 'qwen3-coder:30b';
/** Ollama's window for a request without `num_ctx` below 24 GiB of VRAM. */
const DEFAULT_NUM_CTX = 4096;

/** Starts a fake Ollama on an ephemeral port of 127.0.0.1. */
export async function startFakeOllama(script: FakeScript = [], options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const requests: RecordedRequest[] = [];
  let chatTurns = 0;
  const loads = new Loads(options.loadMs, options.models ?? [DEFAULT_MODEL], options.defaultNumCtx ?? DEFAULT_NUM_CTX, options.loaded ?? {});
  const nextReply = async (body: FakeChatRequest): Promise<FakeReply> => {
    const turn = chatTurns++;
    try {
      if (typeof script === 'function') return await script(body, turn);
      return script[turn] ?? { status: 500, error: `fake-ollama: no scripted reply for chat turn ${turn}` };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { status: 500, error: `fake-ollama script failed: ${detail}` };
    }
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      body: parseBody(text),
      aborted: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });
    const route = `${record.method} ${record.path}`;
    if (route === 'GET /' || route === 'HEAD /') return sendText(res, 200, 'Ollama is running');
    if (route === 'GET /api/version') return sendJson(res, 200, { version: options.version ?? '0.12.6' });
    if (route === 'GET /api/tags') {
      return sendJson(res, 200, { models: (options.models ?? [DEFAULT_MODEL]).map((name) => modelEntry(name, options.modelSizes?.[name])) });
    }
    if (route === 'POST /api/embed') return embed(record.body, res);
    if (route === 'POST /api/chat') return chat(record, res);
    if (route === 'POST /api/show') return show(record.body, res);
    if (route === 'GET /api/ps') return sendJson(res, 200, { models: loads.loaded().map((name) => psEntry(name, options.modelSizes?.[name])) });
    // Ollama's router answers unknown paths with Go's plain-text 404.
    return sendText(res, 404, '404 page not found');
  }

  function pulledName(model: string): string {
    return (options.models ?? [DEFAULT_MODEL]).find((m) => m === model || m === `${model}:latest`) ?? model;
  }

  function missingModel(body: unknown): { status: number; error: string } | undefined {
    const model = isRecord(body) ? body['model'] : undefined;
    if (typeof model !== 'string' || model === '') return { status: 400, error: 'model is required' };
    if (options.models && !options.models.some((m) => m === model || m === `${model}:latest`)) {
      return { status: 404, error: `model "${model}" not found, try pulling it first` };
    }
    return undefined;
  }

  function embed(body: unknown, res: ServerResponse): void {
    const problem = missingModel(body);
    if (problem) return sendJson(res, problem.status, { error: problem.error });
    const { model, input } = body as { model: string; input?: unknown };
    const inputs = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
    const embeddings = (options.embed ?? hashEmbeddings)(inputs);
    sendJson(res, 200, { model, embeddings, total_duration: 1000, load_duration: 100, prompt_eval_count: inputs.length });
  }

  function show(body: unknown, res: ServerResponse): void {
    const problem = missingModel(body);
    // Ollama's /api/show says "model 'x' not found" for an unpulled model.
    if (problem) return sendJson(res, problem.status, { error: problem.error.replace(/^model "(.*)" not found.*$/, "model '$1' not found") });
    sendJson(res, 200, {
      modelfile: '# fake',
      parameters: 'temperature 0.7',
      template: '{{ .Prompt }}',
      details: { format: 'gguf', family: 'qwen3moe', parameter_size: '30.5B', quantization_level: 'Q4_K_M' },
      ...(options.olderShow
        ? { model_info: { 'general.architecture': 'qwen3moe' } }
        : {
            model_info: { 'general.architecture': 'qwen3moe', 'qwen3moe.context_length': options.contextLength ?? 262_144 },
            capabilities: options.capabilities ?? ['completion', 'tools'],
          }),
    });
  }

  async function chat(record: RecordedRequest, res: ServerResponse): Promise<void> {
    const problem = missingModel(record.body);
    if (problem) return sendJson(res, problem.status, { error: problem.error });
    const sent = record.body as FakeChatRequest;
    // Ollama loads (and /api/ps lists) a model by its full name: `qwen2.5-coder` is `qwen2.5-coder:latest`.
    if (!(await loads.ready(pulledName(sent.model), requestedNumCtx(sent, options.defaultNumCtx ?? DEFAULT_NUM_CTX), res))) return;
    const head0 = { model: sent.model, created_at: new Date().toISOString() };
    if (!sent.messages?.length) return sendJson(res, 200, { ...head0, message: { role: 'assistant', content: '' }, done_reason: 'load', done: true });
    if (sent.tools?.length && !(options.capabilities ?? ['tools']).includes('tools')) {
      return sendJson(res, 400, { error: `registry.ollama.ai/library/${sent.model} does not support tools` });
    }
    const { request, tokens, numCtx, truncated } = fitWindow(sent, options.defaultNumCtx ?? DEFAULT_NUM_CTX, options.charsPerToken ?? 3.5);
    record.prompt = { tokens, numCtx, truncated };
    if (options.failOn && request.tools?.length && request.messages.some((m) => options.failOn!.pattern.test(m.content))) {
      return sendJson(res, 500, { error: options.failOn.error });
    }
    const reply = await nextReply(request);
    if ('drop' in reply) {
      res.socket?.destroy();
      return;
    }
    if ('truncated' in reply || 'raw' in reply || 'hugeBytes' in reply) return sendFaulty(res, request.model, reply);
    await delay(reply.delayMs ?? options.delayMs ?? 0, res);
    if (res.destroyed) return;
    if ('status' in reply) return sendJson(res, reply.status, { error: reply.error });
    const message = {
      role: 'assistant',
      content: reply.content ?? '',
      ...(reply.thinking !== undefined ? { thinking: reply.thinking } : {}),
      ...(reply.tool_calls?.length ? { tool_calls: reply.tool_calls } : {}),
    };
    const stats = {
      total_duration: 5_000_000,
      load_duration: 1_000_000,
      prompt_eval_count: Math.min(tokens, numCtx),
      prompt_eval_duration: 2_000_000,
      eval_count: reply.evalCount ?? 17,
      eval_duration: 2_000_000,
    };
    const head = { model: request.model, created_at: new Date().toISOString() };
    if (request.stream !== true) {
      return sendJson(res, 200, { ...head, message, done: true, done_reason: 'stop', ...stats });
    }
    // Ollama streams content pieces, tool calls in their own chunk, then a final done chunk with the stats.
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    const chunk = (body: Record<string, unknown>): string => `${JSON.stringify({ ...head, ...body })}\n`;
    const half = Math.ceil(message.content.length / 2);
    for (const piece of [message.content.slice(0, half), message.content.slice(half)].filter((p) => p !== '')) {
      res.write(chunk({ message: { role: 'assistant', content: piece }, done: false }));
    }
    if (message.tool_calls) {
      res.write(chunk({ message: { role: 'assistant', content: '', tool_calls: message.tool_calls }, done: false }));
    }
    res.end(chunk({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', ...stats }));
  }

  const turnRecords = (): RecordedRequest[] =>
    requests.filter((r) => r.path === '/api/chat' && ((r.body as FakeChatRequest | undefined)?.messages?.length ?? 0) > 0);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    chatRequests: () => turnRecords().map((r) => r.body as FakeChatRequest),
    turnRecords,
    truncatedChats: () => requests.filter((r) => r.prompt?.truncated),
    loadedModels: () => loads.loaded(),
    unload: (model) => loads.unload(model),
    get loadsStarted() {
      return loads.started;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Which models are in memory. Without a load time every model is; with one,
 * a model is loaded by the first request that waits `loadMs` for it, and
 * the load dies when every request waiting for it has hung up.
 */
class Loads {
  /** Each model in memory, with the `num_ctx` it was loaded with. */
  private readonly inMemory = new Map<string, number>();
  private readonly pending = new Map<string, { readonly done: Promise<void>; waiters: number; readonly cancel: () => void }>();
  started = 0;

  constructor(
    private readonly loadMs: number | undefined,
    pulled: readonly string[],
    defaultNumCtx: number,
    preloaded: Readonly<Record<string, number>>,
  ) {
    // Without a load time every model is in memory, and any num_ctx is had at once.
    if (loadMs === undefined) for (const model of pulled) this.inMemory.set(model, defaultNumCtx);
    for (const [model, numCtx] of Object.entries(preloaded)) this.inMemory.set(model, numCtx);
  }

  loaded(): string[] {
    return [...this.inMemory.keys()];
  }

  unload(model: string): void {
    this.inMemory.delete(model);
  }

  /**
   * Resolves true once `model` is loaded with `numCtx`, false when the
   * client hung up first. A model in memory with another `num_ctx` is
   * loaded again, as Ollama does.
   */
  async ready(model: string, numCtx: number, res: ServerResponse): Promise<boolean> {
    if (this.loadMs === undefined) this.inMemory.set(model, numCtx);
    if (this.inMemory.get(model) === numCtx) return true;
    this.inMemory.delete(model);
    let load = this.pending.get(model);
    if (!load) {
      this.started++;
      let cancel = (): void => undefined;
      const done = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.pending.delete(model);
          this.inMemory.set(model, numCtx);
          resolve();
        }, this.loadMs);
        cancel = () => {
          clearTimeout(timer);
          this.pending.delete(model);
        };
      });
      load = { done, waiters: 0, cancel };
      this.pending.set(model, load);
    }
    const joined = load;
    joined.waiters++;
    const hungUp = new Promise<false>((resolve) =>
      res.once('close', () => {
        if (res.writableFinished) return;
        // Ollama aborts a load when the request that waits for it goes away.
        if (--joined.waiters === 0) joined.cancel();
        resolve(false);
      }),
    );
    return Promise.race([joined.done.then(() => true), hungUp]);
  }
}

/** The fake tokenizer's count for one message: its text and calls, plus a few tokens of chat template. */
function messageTokens(message: FakeChatRequest['messages'][number], charsPerToken: number): number {
  const calls = message.tool_calls ? JSON.stringify(message.tool_calls) : '';
  return Math.ceil((message.content.length + calls.length) / charsPerToken) + 4;
}

/** The window a request gets: its `options.num_ctx`, else the server's default. */
function requestedNumCtx(sent: FakeChatRequest, defaultNumCtx: number): number {
  const asked = sent.options?.['num_ctx'];
  return typeof asked === 'number' && asked > 0 ? asked : defaultNumCtx;
}

/**
 * The request as Ollama's prompt builder leaves it in a window of `num_ctx`
 * (or `defaultNumCtx`): older messages dropped whole (system messages
 * kept, the last message always), then the front of the last message cut.
 */
function fitWindow(
  sent: FakeChatRequest,
  defaultNumCtx: number,
  charsPerToken: number,
): { request: FakeChatRequest; tokens: number; numCtx: number; truncated: boolean } {
  const numCtx = requestedNumCtx(sent, defaultNumCtx);
  const toolTokens = sent.tools ? Math.ceil(JSON.stringify(sent.tools).length / charsPerToken) : 0;
  const count = (messages: FakeChatRequest['messages']): number => toolTokens + messages.reduce((n, m) => n + messageTokens(m, charsPerToken), 0);
  const tokens = count(sent.messages);
  if (tokens <= numCtx) return { request: sent, tokens, numCtx, truncated: false };
  const messages = [...sent.messages];
  for (let i = 0; i < messages.length - 1 && count(messages) > numCtx; ) {
    if (messages[i]?.role === 'system') i++;
    else messages.splice(i, 1);
  }
  const over = count(messages) - numCtx;
  const last = messages.at(-1);
  if (over > 0 && last) messages[messages.length - 1] = { ...last, content: last.content.slice(Math.ceil(over * charsPerToken)) };
  return { request: { ...sent, messages }, tokens, numCtx, truncated: true };
}

function psEntry(name: string, bytes: number | undefined): Record<string, unknown> {
  const { size, digest, details } = modelEntry(name, bytes) as { size: number; digest: string; details: unknown };
  return { name, model: name, size, digest, details, expires_at: new Date(Date.now() + 30 * 60_000).toISOString(), size_vram: size };
}

/** The replies of a server that is broken: cut off, garbled, or far too large. */
async function sendFaulty(res: ServerResponse, model: string, reply: FakeTruncatedReply | FakeRawReply | FakeHugeReply): Promise<void> {
  if ('raw' in reply) {
    res.writeHead(reply.status ?? 200, { 'Content-Type': reply.contentType ?? 'application/json; charset=utf-8' });
    return void res.end(reply.raw);
  }
  const head = JSON.stringify({ model, created_at: new Date().toISOString(), message: { role: 'assistant', content: '' } });
  if ('truncated' in reply) {
    // `head` ends in `"content":""}}`: cut inside the content string.
    const body = `${head.slice(0, -3)}{\\"findings\\": [`;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length * 4) });
    res.write(body);
    // Let the bytes leave before the connection dies, as when the process is killed mid-reply.
    await new Promise((resolve) => setTimeout(resolve, 20));
    res.socket?.destroy();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.write(head.slice(0, -3));
  const piece = 'x'.repeat(1024 * 1024);
  for (let sent = 0; sent < reply.hugeBytes && !res.destroyed; sent += piece.length) {
    // Honour backpressure, so a client that stops reading stops the server too (as a real socket would).
    if (!res.write(piece)) await drainedOrClosed(res);
  }
  if (!res.destroyed) res.end('"},"done":true}');
}

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

function modelEntry(name: string, size = 4_700_000_000): Record<string, unknown> {
  const digest = createHash('sha256').update(name).digest('hex');
  return {
    name,
    model: name,
    modified_at: '2026-11-01T00:00:00Z',
    size,
    digest,
    details: {
      parent_model: '',
      format: 'gguf',
      family: 'qwen2',
      families: ['qwen2'],
      parameter_size: '7.6B',
      quantization_level: 'Q4_K_M',
    },
  };
}

function hashEmbeddings(inputs: readonly string[]): number[][] {
  return inputs.map((input) => {
    const bytes = createHash('sha256').update(input).digest();
    const vector = Array.from({ length: 8 }, (_, i) => (bytes[i] ?? 0) / 255 - 0.5);
    const norm = Math.hypot(...vector) || 1;
    return vector.map((v) => v / norm);
  });
}

/** Waits, but stops early when the client hangs up so close() is not held up. */
function delay(ms: number, res: ServerResponse): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A starter for one test file: every fake it starts is closed after the
 * file's tests (call it at module level, where `after` registers the hook).
 */
export function fakeOllamaForFile(): (...args: Parameters<typeof startFakeOllama>) => Promise<FakeOllama> {
  const fakes: FakeOllama[] = [];
  after(() => Promise.all(fakes.map((f) => f.close())));
  return async (...args) => {
    const started = await startFakeOllama(...args);
    fakes.push(started);
    return started;
  };
}
