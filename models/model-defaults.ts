/**
 * @fileoverview The chat client's defaults, on their own so the config
 * schema can name them without loading the client.
 */

/** The context window when the config sets none: Ollama's own default (2048–4096 tokens) cuts a 250-line file. */
export const DEFAULT_NUM_CTX = 16_384;

/** How long the model's load may take when the config sets nothing (a 30B model from a slow disk). */
export const DEFAULT_LOAD_TIMEOUT_MS = 300_000;

/**
 * A rough load speed for the "estimated ~N s" of a load: reading the model
 * file and moving it to the GPU. Loads of quantised 7B–30B models from SSD
 * are reported at about 0.4–1 GB/s (a model still in the page cache loads
 * faster, a spinning disk far slower); the lower end errs towards
 * patience. It only words messages: no timeout depends on it.
 */
export const LOAD_BYTES_PER_SECOND = 500_000_000;

/** The seconds a load of a model of `bytes` is guessed to take (at least 1). */
export function expectedLoadSeconds(bytes: number): number {
  return Math.max(1, Math.round(bytes / LOAD_BYTES_PER_SECOND));
}
