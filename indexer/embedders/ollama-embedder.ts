/**
 * @fileoverview An `Embedder` backed by a local Ollama server: `POST
 * /api/embed {model, input: string[]}` through the `ollama` JS client, in
 * batches, one request per batch with its own timeout. As in
 * models/ollama-chat.ts, a client is made per request so that its custom
 * `fetch` can carry an AbortSignal, and that `fetch` reads non-2xx replies
 * itself because the client logs to stdout when an error body is not JSON.
 */
import { Ollama } from 'ollama';
import { z } from 'zod';
import { resolveOllamaHost } from '../../models/ollama-host.js';
import type { EmbedInput, Embedder } from '../embedder.js';
import { EmbedderUnavailableError } from './errors.js';

/** Which Ollama model to call and how; `model` is part of the embedder's `id`. */
export interface OllamaEmbedderOptions {
  /** An embedding model pulled into Ollama, e.g. `nomic-embed-text`. */
  readonly model: string;
  /** Ollama address (URL, `host`, `host:port`); default `OLLAMA_HOST`, else 127.0.0.1:11434. */
  readonly host?: string;
  /** Limit for one batch request, including loading the model on first use; default 60 s. */
  readonly requestTimeoutMs?: number;
  /** Texts per request; default 32. */
  readonly batchSize?: number;
  /** How long Ollama keeps the model loaded after a request, e.g. `"10m"`. */
  readonly keepAlive?: string | number;
}

interface Settings {
  readonly host: string;
  readonly model: string;
  readonly requestTimeoutMs: number;
  readonly batchSize: number;
  readonly keepAlive: string | number | undefined;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_BATCH_SIZE = 32;
const PROBE_TEXT = 'function probe() { return 1; }';

const EmbedReplySchema = z.object({ embeddings: z.array(z.array(z.number())) });
const ErrorBodySchema = z.object({ error: z.string() });

/** Embeds through Ollama's `/api/embed`; create it with {@link OllamaEmbedder.load}. */
export class OllamaEmbedder implements Embedder {
  readonly id: string;

  private constructor(
    private readonly settings: Settings,
    readonly dimensions: number,
  ) {
    this.id = `ollama:${settings.model}`;
  }

  /**
   * Checks that the server answers and the model embeds, and learns the
   * vector size from one probe text. Throws {@link EmbedderUnavailableError}
   * (`unreachable`, `model-missing` or `failed`), or `InvalidOllamaHostError`
   * for an unusable `host`.
   */
  static async load(options: OllamaEmbedderOptions): Promise<OllamaEmbedder> {
    const settings: Settings = {
      host: resolveOllamaHost(options.host),
      model: options.model,
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      keepAlive: options.keepAlive,
    };
    if (!Number.isInteger(settings.batchSize) || settings.batchSize < 1) {
      throw new Error(`ollama embedder: batchSize must be a positive integer, got ${settings.batchSize}`);
    }
    const [probe] = await requestEmbeddings(settings, [PROBE_TEXT]);
    return new OllamaEmbedder(settings, probe!.length);
  }

  /** One unit vector per input text, in input order; Ollama truncates texts longer than the model's context. */
  async embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]> {
    const { batchSize, model, host } = this.settings;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < inputs.length; start += batchSize) {
      const texts = inputs.slice(start, start + batchSize).map((input) => input.text);
      for (const vector of await requestEmbeddings(this.settings, texts)) {
        // The same name can point to another model after `ollama pull`; its vectors do not fit the index.
        if (vector.length !== this.dimensions) {
          throw new EmbedderUnavailableError(
            'failed',
            `embedding model "${model}" on Ollama at ${host} now returns ${vector.length}-dimensional vectors instead of ${this.dimensions}; load the embedder again and rebuild the index`,
          );
        }
        vectors.push(vector);
      }
    }
    return vectors;
  }
}

async function requestEmbeddings(settings: Settings, texts: string[]): Promise<Float32Array[]> {
  const { host, model, keepAlive } = settings;
  const timeout = AbortSignal.timeout(settings.requestTimeoutMs);
  // A client per request: its `fetch` is the only place a signal can be attached.
  const client = new Ollama({ host, fetch: (input, init) => send(settings, input, { ...init, signal: timeout }) });
  let reply: unknown;
  try {
    reply = await client.embed({ model, input: texts, truncate: true, ...(keepAlive !== undefined ? { keep_alive: keepAlive } : {}) });
  } catch (error) {
    throw translate(settings, error, timeout);
  }
  const parsed = EmbedReplySchema.safeParse(reply);
  const embeddings = parsed.data?.embeddings;
  const width = embeddings?.[0]?.length ?? 0;
  if (!embeddings || embeddings.length !== texts.length || width === 0 || embeddings.some((v) => v.length !== width)) {
    throw new EmbedderUnavailableError(
      'failed',
      `Ollama at ${host} did not send one embedding of equal length per text for ${texts.length} text(s) from model "${model}"`,
      { cause: parsed.error },
    );
  }
  return embeddings.map((vector) => normalise(Float32Array.from(vector)));
}

async function send(settings: Settings, input: Parameters<typeof fetch>[0], init: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (!response.ok) throw await httpError(settings, response);
  return response;
}

async function httpError(settings: Settings, response: Response): Promise<EmbedderUnavailableError> {
  const { host, model } = settings;
  const body = await response.text().catch(() => '');
  const ollamaSaid = errorMessage(body);
  const said = (ollamaSaid ?? body.trim()).slice(0, 300) || response.statusText;
  // Only Ollama's JSON error names the model; a plain "404 page not found" is a wrong host or an old Ollama.
  if (response.status === 404 && ollamaSaid !== undefined && /model.*not found/i.test(ollamaSaid)) {
    return new EmbedderUnavailableError(
      'model-missing',
      `embedding model "${model}" is not available on Ollama at ${host}: pull it with \`ollama pull ${model}\` (Ollama said: ${said})`,
    );
  }
  return new EmbedderUnavailableError('failed', `Ollama at ${host} answered HTTP ${response.status} to an embedding request for "${model}": ${said}`);
}

function translate(settings: Settings, error: unknown, timeout: AbortSignal): EmbedderUnavailableError {
  const { host, model, requestTimeoutMs } = settings;
  if (error instanceof EmbedderUnavailableError) return error;
  // The signal says why a fetch was aborted more reliably than the error does.
  if (timeout.aborted) {
    return new EmbedderUnavailableError('unreachable', `Ollama at ${host} did not embed with "${model}" within ${requestTimeoutMs} ms`, {
      cause: error,
    });
  }
  if (error instanceof TypeError) {
    return new EmbedderUnavailableError(
      'unreachable',
      `Ollama is not reachable at ${host} (${networkCode(error) ?? error.message}): is Ollama running? start it with \`ollama serve\` or set the host`,
      { cause: error },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new EmbedderUnavailableError('failed', `Ollama at ${host} sent an unreadable embedding reply: ${detail}`, { cause: error });
}

/** Ollama's `{"error": "..."}` text, if the body is that. */
function errorMessage(body: string): string | undefined {
  try {
    return ErrorBodySchema.safeParse(JSON.parse(body)).data?.error;
  } catch {
    return undefined;
  }
}

/** `ECONNREFUSED` and friends, from undici's `fetch failed` cause (an AggregateError when several addresses were tried). */
function networkCode(error: TypeError): string | undefined {
  const cause: unknown = error.cause;
  const first: unknown = cause instanceof AggregateError ? cause.errors[0] : cause;
  return first instanceof Error && 'code' in first && typeof first.code === 'string' ? first.code : undefined;
}

function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
