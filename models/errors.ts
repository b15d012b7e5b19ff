/**
 * @fileoverview Errors of the model layer. Every failure of a request to
 * Ollama (chat or embedding, see ollama-http.ts) becomes one `ModelError`
 * whose `kind` says what the caller can do about it; the review loop turns it
 * into an `incomplete` result with the message, the Ollama embedder into an
 * `EmbedderUnavailableError`.
 */

/**
 * - `unreachable`: nothing answered at the host (not running, wrong host).
 * - `timeout`: one request took longer than its per-request limit.
 * - `aborted`: the caller's signal cancelled the request.
 * - `http`: the server answered with a non-2xx status (`status` is set;
 *   `modelMissing` when Ollama said the model is not pulled).
 * - `invalid-response`: a 2xx reply that is not the response asked for.
 * - `busy`: not sent; this process already has as many model requests
 *   running and waiting as it allows (`model.maxConcurrent`, `model.maxQueued`).
 */
export type ModelErrorKind = 'unreachable' | 'timeout' | 'aborted' | 'http' | 'invalid-response' | 'busy';

/** What a {@link ModelError} records besides its kind and message. */
interface ModelErrorDetails {
  /** The Ollama base URL the request went to. */
  readonly host: string;
  /** HTTP status, for `kind: 'http'`. */
  readonly status?: number;
  /** Ollama answered that the model is not pulled (a 404 with its JSON error). */
  readonly modelMissing?: boolean;
  readonly cause?: unknown;
}

/** A request to Ollama failed; `message` is written for the person running review-guard. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly kind: ModelErrorKind;
  readonly host: string;
  readonly status: number | undefined;
  /** The model is not pulled: `ollama pull` fixes it, unlike other `http` failures. */
  readonly modelMissing: boolean;

  constructor(kind: ModelErrorKind, message: string, details: ModelErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.host = details.host;
    this.status = details.status;
    this.modelMissing = details.modelMissing ?? false;
  }
}

/** `model.host` or `OLLAMA_HOST` is not something a URL can be made of. */
export class InvalidOllamaHostError extends Error {
  override readonly name = 'InvalidOllamaHostError';

  constructor(
    readonly value: string,
    /** Where the value came from: the config file or the environment. */
    readonly origin: 'config' | 'env',
  ) {
    const where = origin === 'config' ? 'model.host' : 'OLLAMA_HOST';
    super(`${where} "${value}" is not a valid Ollama address (expected host, host:port or a URL such as http://127.0.0.1:11434)`);
  }
}

/**
 * `model.host` (or `OLLAMA_HOST`, or the embedder's host) points to another
 * machine, and the config does not allow sending code there.
 */
export class RemoteHostRefusedError extends Error {
  override readonly name = 'RemoteHostRefusedError';

  constructor(readonly host: string) {
    super(
      `refusing to send code to the Ollama host ${host}: it is not on this machine (loopback) and the code under review must not ` +
        'leave it unless you say so; to allow it, set "model": {"allowRemoteHost": true} in review-guard.config.json, ' +
        'or point model.host / OLLAMA_HOST at 127.0.0.1',
    );
  }
}
