/**
 * @fileoverview `alignableCode`, remembered by text. The same originals
 * come back edit after edit (an agent works in one area; a warm process
 * reviews each of its edits), and reading one parses and normalises it
 * again each time: a few milliseconds per candidate on the hook's path.
 * The result depends on the text and language alone, so it is kept by
 * them, for the most recently used texts up to 2 M characters.
 */
import { SizedLru } from '../../../indexer/index.js';
import type { LanguageId } from '../../../syntax/index.js';
import { alignableCode, type AlignableCode } from './alignment.js';

const cache = new SizedLru<AlignableCode>(2 * 1024 * 1024);

/** alignableCode(text, language), computed once per text while it stays among the recently used. */
export function alignedOnce(text: string, language: LanguageId): AlignableCode {
  const key = `${language}\0${text}`;
  const known = cache.get(key);
  if (known) return known;
  const code = alignableCode(text, language);
  cache.set(key, code, key.length);
  return code;
}
