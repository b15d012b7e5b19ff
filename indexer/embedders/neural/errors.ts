/**
 * @fileoverview The one error a neural embedder throws. Callers that can
 * work without it (fall back to the structural embedder, or report that the
 * similarity check is off) catch this class and show `message`, which says
 * what is missing and how to fix it.
 */

/**
 * - `package-missing`: the optional npm package the embedder runs on is not installed.
 * - `model-missing`: the model is not on disk (downloads off) or not pulled in Ollama.
 * - `unreachable`: the Ollama server did not answer (not running, wrong host, timeout).
 * - `failed`: anything else: unreadable model files, an HTTP error, a malformed reply.
 */
export type EmbedderUnavailableReason = 'package-missing' | 'model-missing' | 'unreachable' | 'failed';

/** An embedder cannot be loaded or cannot embed; `message` is written for the person running review-guard. */
export class EmbedderUnavailableError extends Error {
  override readonly name = 'EmbedderUnavailableError';

  constructor(
    readonly reason: EmbedderUnavailableReason,
    message: string,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
  }
}
