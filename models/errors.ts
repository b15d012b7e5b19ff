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
 * - `loading`: the model is still being loaded into memory (first use, or
 *   unloaded since); the load goes on, a later review finds it ready.
 * - `unsupported`: the model cannot do what the review needs (no tool calling).
 */
export type ModelErrorKind = 'unreachable' | 'timeout' | 'aborted' | 'http' | 'invalid-response' | 'busy' | 'loading' | 'unsupported';

/** Why nothing answered, for `kind: 'unreachable'`: refused and not-found are worth no retry. */
export type ConnectionProblem = 'refused' | 'not-found' | 'reset' | 'timed-out' | 'other';

/** What a {@link ModelError} records besides its kind and message. */
interface ModelErrorDetails {
  /** The Ollama base URL the request went to. */
  readonly host: string;
  /** HTTP status, for `kind: 'http'`. */
  readonly status?: number;
  /** Ollama answered that the model is not pulled (a 404 with its JSON error). */
  readonly modelMissing?: boolean;
  /** For `kind: 'unreachable'`: what the connection attempt ran into. */
  readonly connection?: ConnectionProblem;
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
  readonly connection: ConnectionProblem | undefined;

  constructor(kind: ModelErrorKind, message: string, details: ModelErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.host = details.host;
    this.status = details.status;
    this.modelMissing = details.modelMissing ?? false;
    this.connection = details.connection;
  }

  /**
   * The next file would meet the same failure: nothing listens at the host,
   * the model is not pulled, cannot call tools, or is still loading. Other
   * failures (a 500 for one conversation's content, a timeout, a bad reply)
   * belong to one file, and the next file is asked.
   */
  get affectsEveryFile(): boolean {
    return this.kind === 'unreachable' || this.kind === 'loading' || this.kind === 'unsupported' || this.modelMissing;
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

/** What to tell someone whose model cannot call tools: the review loop needs them. */
export function toolsUnsupportedMessage(model: string, capabilities?: readonly string[]): string {
  const listed = capabilities ? ` (Ollama lists its capabilities as: ${capabilities.join(', ') || 'none'})` : '';
  return (
    `the model ${model} cannot call tools${listed}, and the model stage needs them: set model.model to a model with tool ` +
    'support, e.g. qwen3-coder:30b or qwen2.5-coder:7b (`ollama pull qwen2.5-coder:7b`), or set model.enabled: false'
  );
}
