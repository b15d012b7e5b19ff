/**
 * @fileoverview A fake Ollama server for tests: a real HTTP server on
 * 127.0.0.1 speaking the subset of the Ollama API that the `ollama` JS client
 * uses (`/api/chat` non-streaming and NDJSON streaming, `/api/tags`,
 * `/api/version`, `/api/embed`, `GET /`). Chat replies are scripted per turn
 * (a message with or without tool calls, an Ollama error, a dropped
 * connection, a delay, or a broken server's reply: cut off mid-body,
 * garbage, or huge); every request is recorded with its body (tools,
 * format, options), including whether the client hung up before the reply.
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
}

export interface FakeOllama {
  /** Base URL, e.g. `http://127.0.0.1:53211`; use it as `model.host` or `OLLAMA_HOST`. */
  readonly url: string;
  /** Every request, in arrival order (live). */
  readonly requests: readonly RecordedRequest[];
  /** The bodies of the `/api/chat` requests, in order. */
  chatRequests(): FakeChatRequest[];
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

const DEFAULT_MODEL = 'qwen3-coder:30b';

/** Starts a fake Ollama on an ephemeral port of 127.0.0.1. */
export async function startFakeOllama(script: FakeScript = [], options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const requests: RecordedRequest[] = [];
  let chatTurns = 0;
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
      return sendJson(res, 200, { models: (options.models ?? [DEFAULT_MODEL]).map(modelEntry) });
    }
    if (route === 'POST /api/embed') return embed(record.body, res);
    if (route === 'POST /api/chat') return chat(record.body, res);
    // Ollama's router answers unknown paths with Go's plain-text 404.
    return sendText(res, 404, '404 page not found');
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

  async function chat(body: unknown, res: ServerResponse): Promise<void> {
    const problem = missingModel(body);
    if (problem) return sendJson(res, problem.status, { error: problem.error });
    const request = body as FakeChatRequest;
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
      prompt_eval_count: 42,
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/api/chat').map((r) => r.body as FakeChatRequest),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
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

function modelEntry(name: string): Record<string, unknown> {
  const digest = createHash('sha256').update(name).digest('hex');
  return {
    name,
    model: name,
    modified_at: '2026-11-01T00:00:00Z',
    size: 4_700_000_000,
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
