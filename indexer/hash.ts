/**
 * @fileoverview Content hashes: one function so file and chunk hashes can
 * never drift apart in algorithm or encoding; and the store's integrity
 * hash, which detects damage to its files.
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

/** Hex SHA-256 of a string's UTF-8 bytes or of raw bytes: the index store's checksums (damage, not identity). */
export function integrityHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a over a string's UTF-16 code units: cheap feature and term hashes. */
export function fnv1a(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME) >>> 0;
  return hash;
}
