/**
 * @fileoverview One call to a local Ollama server through the `ollama` JS
 * client, with the plumbing the chat client and the Ollama embedder share.
 * Two things the client does not do are done here: it passes no AbortSignal
 * for non-streaming requests (so a custom `fetch` attaches the caller's
 * signal plus a per-request timeout), and it logs to stdout when an error
 * body is not JSON (so the custom `fetch` reads non-2xx replies itself,
 * keeping stdout clean for the MCP stdio transport). Every failure becomes a
 * {@link ModelError} whose message is the same whichever caller made the call.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Ollama } from 'ollama';
import { z } from 'zod';
import { ModelError, toolsUnsupportedMessage, type ConnectionProblem } from './errors.js';

/** Where one call goes and how long it may take. */
interface OllamaCallOptions {
  /** Full base URL, e.g. from `resolveOllamaHost`. */
  readonly host: string;
  /** The model the call names; used in timeout, cancel and missing-model messages. */
  readonly model: string;
  /** Limit for the whole call, including reading the reply. */
  readonly timeoutMs: number;
  /** The caller's cancellation; an abort by it is reported as `aborted`, not `timeout`. */
  readonly signal?: AbortSignal;
  /**
   * Further attempts after a transient failure (connection reset, a
   * timeout, HTTP 502/503/504), each with its own `timeoutMs`, after a pause
   * that doubles from {@link RETRY_BASE_DELAY_MS}; never after a refused
   * connection or an unknown host (nothing is listening: a retry only costs
   * time), an HTTP 500 (Ollama's runner or tool-call parser failed on this
   * request's content: the same request fails again, so the caller decides),
   * a 4xx, a bad reply or the caller's abort. Default 0.
   */
  readonly retries?: number;
  /**
   * false: a timeout is not retried here (the caller first asks whether the
   * model was unloaded: a retry would hang up on its reload). Default true.
   */
  readonly retryTimeouts?: boolean;
  /**
   * true: the request asks Ollama to stream (`stream: true`, Ollama's own
   * default) and the pieces are read as the one reply they make up, so
   * `timeoutMs` bounds the silence between pieces, not the whole reply: a
   * model that is slowly writing a long answer is alive. The caller's
   * signal bounds the whole. Default false.
   */
  readonly streamReply?: boolean;
}

/** An abort after `ms` without a `touch`. */
class SilenceTimer {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;

  constructor(private readonly ms: number) {
    this.timer = setTimeout(() => this.controller.abort(), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    if (!this.controller.signal.aborted) this.timer = setTimeout(() => this.controller.abort(), this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/** The pause before the first retry; it doubles for each further one. */
export const RETRY_BASE_DELAY_MS = 250;

/** What to tell someone whose Ollama does not answer; `model.host` is the config key for the address. */
const UNREACHABLE_HINT = 'is Ollama running? start it with `ollama serve` or set model.host';

/** Longest piece of an error body quoted in a message, so a proxy's HTML page does not flood it. */
const MAX_QUOTED_CHARS = 300;

const ErrorBodySchema = z.object({ error: z.string() });

/**
 * The largest reply body read from Ollama. A chat turn or an embedding batch
 * is far smaller; more is a broken or foreign server, and reading it all
 * would only fill memory.
 */
export const MAX_REPLY_BYTES = 16 * 1024 * 1024;

/**
 * Runs `call` with an `ollama` client for `options.host` whose requests carry
 * the timeout and the caller's signal, and returns what it returns. Throws
 * {@link ModelError} on every failure of the HTTP exchange: `unreachable`,
 * `timeout`, `aborted`, `http` (with `status`, and `modelMissing` when Ollama
 * says the model is not pulled) or `invalid-response` (a 2xx body the client
 * cannot read). Checking the shape of a readable reply is left to the caller.
 * Transient failures are retried `options.retries` times (see there).
 */
export async function callOllama<T>(options: OllamaCallOptions, call: (client: Ollama) => Promise<T>): Promise<T> {
  const retries = options.retries ?? 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await callOnce(options, call);
    } catch (error) {
      const retried = isTransient(error) && (options.retryTimeouts !== false || error.kind !== 'timeout');
      if (attempt >= retries || !retried || options.signal?.aborted) throw withAttempts(error, attempt + 1);
      await sleep(RETRY_BASE_DELAY_MS * 2 ** attempt, undefined, { signal: options.signal }).catch(() => {
        throw new ModelError('aborted', `the request to ${options.model} on Ollama at ${options.host} was cancelled`, { host: options.host });
      });
    }
  }
}

/** Ollama restarting or overloaded, or a proxy in between: worth another try. See `OllamaCallOptions.retries`. */
function isTransient(error: unknown): error is ModelError {
  if (!(error instanceof ModelError)) return false;
  if (error.kind === 'unreachable') return error.connection !== 'refused' && error.connection !== 'not-found';
  return error.kind === 'timeout' || (error.kind === 'http' && (error.status ?? 0) > 500);
}

/** The last failure, saying how often it was tried when that was more than once. */
function withAttempts(error: unknown, attempts: number): unknown {
  if (attempts === 1 || !(error instanceof ModelError)) return error;
  const { kind, host, status, modelMissing, connection } = error;
  return new ModelError(kind, `${error.message} (${attempts} attempts)`, {
    host,
    ...(status !== undefined ? { status } : {}),
    ...(connection !== undefined ? { connection } : {}),
    modelMissing,
    cause: error,
  });
}

/** One attempt: a client whose requests carry this attempt's timeout and the caller's signal. */
async function callOnce<T>(options: OllamaCallOptions, call: (client: Ollama) => Promise<T>): Promise<T> {
  const silence = options.streamReply ? new SilenceTimer(options.timeoutMs) : undefined;
  const timeout = silence?.signal ?? AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // A client per call: its `fetch` is the only place a signal can be attached (and the request asked to stream).
  const client = new Ollama({
    host: options.host,
    fetch: (input, init) => send(options, input, { ...init, signal, ...(silence ? { body: askToStream(init?.body) } : {}) }, silence),
  });
  try {
    return await call(client);
  } catch (error) {
    throw translate(options, error, timeout);
  } finally {
    silence?.stop();
  }
}

/** The request body with `stream: true`: the client library is asked for one reply, Ollama for its pieces. */
function askToStream(body: RequestInit['body']): RequestInit['body'] {
  return typeof body === 'string' ? body.replace('"stream":false', '"stream":true') : body;
}

/** `fetch` that turns a non-2xx reply into a ModelError before the `ollama` client can log about its body. */
async function send(options: OllamaCallOptions, input: Parameters<typeof fetch>[0], init: RequestInit, silence?: SilenceTimer): Promise<Response> {
  const response = await fetch(input, init);
  silence?.touch();
  if (!response.ok) throw await httpError(options, response);
  const limited = limitBody(options, response, () => silence?.touch());
  // Streamed (asked for, or by a proxy although the request said `stream: false`): the lines are read as the one reply they make up.
  const streamed = (response.headers.get('content-type') ?? '').includes('ndjson') && typeof init.body === 'string' && /"stream":(false|true)/.test(init.body);
  return streamed ? joinStreamedReply(options, limited) : limited;
}

/** One chat reply from the NDJSON lines of a streamed one: the message's pieces joined, the counts from the last line. */
async function joinStreamedReply(options: OllamaCallOptions, response: Response): Promise<Response> {
  const lines = (await response.text()).split('\n').filter((line) => line.trim() !== '');
  let joined: Record<string, unknown> = {};
  const message = { role: 'assistant', content: '', thinking: '', tool_calls: [] as unknown[] };
  for (const line of lines) {
    let part: Record<string, unknown>;
    try {
      part = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new ModelError('invalid-response', `Ollama at ${options.host} streamed a reply (NDJSON) with a line that is not JSON`, { host: options.host });
    }
    const piece = (part['message'] ?? {}) as { content?: unknown; thinking?: unknown; tool_calls?: unknown };
    if (typeof piece.content === 'string') message.content += piece.content;
    if (typeof piece.thinking === 'string') message.thinking += piece.thinking;
    if (Array.isArray(piece.tool_calls)) for (const call of piece.tool_calls as unknown[]) message.tool_calls.push(call);
    joined = { ...joined, ...part };
  }
  const { thinking, tool_calls: calls, ...rest } = message;
  joined['message'] = { ...rest, ...(thinking ? { thinking } : {}), ...(calls.length > 0 ? { tool_calls: calls } : {}) };
  return new Response(JSON.stringify(joined), { status: response.status, headers: { 'content-type': 'application/json' } });
}

/** `response` with a body that fails once it passes {@link MAX_REPLY_BYTES} (the read then stops, and the connection closes). */
function limitBody(options: OllamaCallOptions, response: Response, onBytes: () => void): Response {
  const tooLarge = `the reply is over ${MAX_REPLY_BYTES} bytes, far more than a model turn; is ${options.host} an Ollama server?`;
  if (Number(response.headers.get('content-length')) > MAX_REPLY_BYTES) {
    void response.body?.cancel();
    throw new ModelError('invalid-response', `Ollama at ${options.host} sent an unreadable reply: ${tooLarge}`, { host: options.host });
  }
  if (!response.body) return response;
  let seen = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes();
        seen += chunk.byteLength;
        if (seen > MAX_REPLY_BYTES) controller.error(new Error(tooLarge));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function httpError(options: OllamaCallOptions, response: Response): Promise<ModelError> {
  const { host, model } = options;
  const body = await response.text().catch(() => '');
  const ollamaSaid = errorField(body);
  const said = (ollamaSaid ?? body.trim()).slice(0, MAX_QUOTED_CHARS) || response.statusText;
  const status = response.status;
  // Only Ollama's JSON error names the model; a plain "404 page not found" is a wrong host or path, or an old Ollama.
  if (status === 404 && ollamaSaid !== undefined && /model.*not found/i.test(ollamaSaid)) {
    return new ModelError(
      'http',
      `model "${model}" is not available on Ollama at ${host}: pull it with \`ollama pull ${model}\` (Ollama said: ${said})`,
      { host, status, modelMissing: true },
    );
  }
  if (status === 400 && ollamaSaid !== undefined && /does not support tools/i.test(ollamaSaid)) {
    return new ModelError('unsupported', toolsUnsupportedMessage(model), { host, status });
  }
  return new ModelError('http', `Ollama at ${host} answered HTTP ${status}: ${said}`, { host, status });
}

function translate(options: OllamaCallOptions, error: unknown, timeout: AbortSignal): ModelError {
  const { host, model, timeoutMs } = options;
  if (error instanceof ModelError) return error;
  // The signals say why a fetch was aborted more reliably than the error does.
  if (options.signal?.aborted) {
    return new ModelError('aborted', `the request to ${model} on Ollama at ${host} was cancelled`, { host, cause: error });
  }
  if (timeout.aborted) {
    const what = options.streamReply ? `sent nothing for ${timeoutMs} ms` : `did not answer within ${timeoutMs} ms`;
    return new ModelError('timeout', `${model} on Ollama at ${host} ${what}`, { host, cause: error });
  }
  // undici's `fetch` rejects with a TypeError ("fetch failed") when no HTTP exchange happened at all.
  if (error instanceof TypeError) {
    const { connection, text } = connectionProblem(error);
    return new ModelError('unreachable', `Ollama is not reachable at ${host} (${text}): ${UNREACHABLE_HINT}`, {
      host,
      connection,
      cause: error,
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ModelError('invalid-response', `Ollama at ${host} sent an unreadable reply: ${detail}`, { host, cause: error });
}

/** Ollama's `{"error": "..."}` text, if the body is that. */
function errorField(body: string): string | undefined {
  try {
    return ErrorBodySchema.safeParse(JSON.parse(body)).data?.error;
  } catch {
    return undefined;
  }
}

/** "connection refused" and friends, from undici's `fetch failed` cause (an AggregateError when several addresses were tried). */
function connectionProblem(error: TypeError): { connection: ConnectionProblem; text: string } {
  const cause: unknown = error.cause;
  const first: unknown = cause instanceof AggregateError ? cause.errors[0] : cause;
  switch (codeOf(cause) ?? codeOf(first)) {
    case 'ECONNREFUSED':
      return { connection: 'refused', text: 'connection refused' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { connection: 'not-found', text: 'host not found' };
    case 'ECONNRESET':
      return { connection: 'reset', text: 'connection reset' };
    case 'ETIMEDOUT':
      return { connection: 'timed-out', text: 'connection timed out' };
    default:
      // An AggregateError's own message is empty; the first attempt's says what went wrong.
      return { connection: 'other', text: first instanceof Error && first.message !== '' ? first.message : error.message };
  }
}

function codeOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'string' ? value.code : undefined;
}
