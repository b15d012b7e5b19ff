/**
 * @fileoverview Line ends as the parser counts them. Tree-sitter (and so
 * every line number, code-line count and chunk) starts a row at `\n` only:
 * a file with classic Mac line ends (`\r` alone) would be one long line,
 * every finding on line 1 and no function long enough to index. Every
 * reader of source text applies this before parsing or hashing, so a
 * review, the index and the read-back of indexed text agree.
 */

/** `text` with each `\r` not followed by `\n` made a `\n`: the same length, so every offset stays valid. */
export function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}
