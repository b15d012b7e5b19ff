/**
 * @fileoverview Content hashes: one function so file and chunk hashes can
 * never drift apart in algorithm or encoding.
 */
import { createHash } from 'node:crypto';

/** Hex SHA-1 of a string's UTF-8 bytes (identity, not security). */
export function contentHash(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** The hash of a normalised token stream; equal streams are exact copies. */
export function tokensHash(tokens: readonly string[]): string {
  return contentHash(tokens.join(' '));
}
