/**
 * @fileoverview An `Embedder` backed by a local Ollama server: `POST
 * /api/embed {model, input: string[]}` through the `ollama` JS client, in
 * batches, one request per batch with its own timeout. The HTTP plumbing and
 * the failure messages are models/ollama-http.ts, shared with the chat
 * client so that both say the same thing about the same failure; this file
 * only maps those failures to `EmbedderUnavailableError` reasons.
 */
import { z } from 'zod';
import { ModelError } from '../../../models/errors.js';
import { callOllama } from '../../../models/ollama-http.js';
import { assertHostAllowed, resolveOllamaHost } from '../../../models/ollama-host.js';
import { l2Normalize, type EmbedInput, type Embedder } from '../embedder.js';
import { EmbedderUnavailableError, type EmbedderUnavailableReason } from './errors.js';

/** Which Ollama model to call and how; `model` is part of the embedder's `id`. */
interface OllamaEmbedderOptions {
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
  /** Send code to a host that is not this machine; default false (`load` refuses it). */
  readonly allowRemoteHost?: boolean;
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

/** Embeds through Ollama's `/api/embed`; create it with {@link OllamaEmbedder.load}. */
export class OllamaEmbedder implements Embedder {
  readonly id: string;

  private constructor(
    private readonly settings: Settings,
    readonly dimensions: number,
  ) {
    this.id = ollamaEmbedderId(settings.model);
  }

  /**
   * Checks that the server answers and the model embeds, and learns the
   * vector size from one probe text. Throws {@link EmbedderUnavailableError}
   * (`unreachable`, `model-missing` or `failed`), `InvalidOllamaHostError`
   * for an unusable `host`, or `RemoteHostRefusedError` for a host off this
   * machine without `allowRemoteHost`.
   */
  static async load(options: OllamaEmbedderOptions): Promise<OllamaEmbedder> {
    const settings: Settings = {
      host: resolveOllamaHost(options.host),
      model: options.model,
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      keepAlive: options.keepAlive,
    };
    assertHostAllowed(settings.host, options.allowRemoteHost ?? false);
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

/** The embedder id (recorded in an index store) for this Ollama model, without contacting Ollama. */
export function ollamaEmbedderId(model: string): string {
  return `ollama:${model}`;
}

async function requestEmbeddings(settings: Settings, texts: string[]): Promise<Float32Array[]> {
  const { host, model, keepAlive, requestTimeoutMs } = settings;
  let reply: unknown;
  try {
    reply = await callOllama({ host, model, timeoutMs: requestTimeoutMs }, (client) =>
      client.embed({ model, input: texts, truncate: true, ...(keepAlive !== undefined ? { keep_alive: keepAlive } : {}) }),
    );
  } catch (error) {
    throw error instanceof ModelError ? unavailable(error) : error;
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
  return embeddings.map((vector) => l2Normalize(Float32Array.from(vector)));
}

/** The same message, under the reason that tells the index's caller whether to fall back or to pull a model. */
function unavailable(error: ModelError): EmbedderUnavailableError {
  return new EmbedderUnavailableError(reasonFor(error), error.message, { cause: error });
}

function reasonFor(error: ModelError): EmbedderUnavailableReason {
  switch (error.kind) {
    case 'unreachable':
    case 'timeout':
      // A server that does not answer in time is as good as absent for indexing.
      return 'unreachable';
    case 'http':
      return error.modelMissing ? 'model-missing' : 'failed';
    case 'aborted':
    case 'invalid-response':
    case 'busy':
    case 'loading':
    case 'unsupported':
      return 'failed';
  }
}
