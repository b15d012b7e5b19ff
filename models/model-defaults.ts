/**
 * @fileoverview The chat client's defaults, on their own so the config
 * schema can name them without loading the client.
 */

/** The context window when the config sets none: Ollama's own default (2048–4096 tokens) cuts a 250-line file. */
export const DEFAULT_NUM_CTX = 16_384;

/** How long the model's load may take when the config sets nothing (a 30B model from a slow disk). */
export const DEFAULT_LOAD_TIMEOUT_MS = 300_000;
