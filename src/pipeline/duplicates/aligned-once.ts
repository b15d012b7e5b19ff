/**
 * @fileoverview `alignableCode`, remembered by text. The same originals
 * come back edit after edit (an agent works in one area; a warm process
 * reviews each of its edits), and reading one parses and normalises it
 * again each time: a few milliseconds per candidate on the hook's path.
 * The result depends on the text and language alone, so it is kept by
 * them, for the most recently used texts up to CACHE_CHARS characters.
 */
import type { LanguageId } from '../../../syntax/index.js';
import { alignableCode, type AlignableCode } from './alignment.js';

const CACHE_CHARS = 2 * 1024 * 1024;
const cache = new Map<string, AlignableCode>();
let cachedChars = 0;

/** alignableCode(text, language), computed once per text while it stays among the recently used. */
export function alignedOnce(text: string, language: LanguageId): AlignableCode {
  const key = `${language}\0${text}`;
  const known = cache.get(key);
  if (known) {
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const code = alignableCode(text, language);
  cache.set(key, code);
  cachedChars += key.length;
  for (const oldest of cache.keys()) {
    if (cachedChars <= CACHE_CHARS || oldest === key) break;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
  return code;
}
