/**
 * @fileoverview The normalised token stream: what makes two pieces of code
 * "the same shape". Names, literals and comments are erased so a copy with
 * renamed identifiers or changed strings normalises to the same stream;
 * keywords and punctuation stay because they carry the structure.
 */
import { createSourceFile, type LanguageId, type SourceFile, type Token } from '../syntax/index.js';

/** Placeholder tokens of the normalised stream. */
export const NORMALISED = { identifier: 'ID', string: 'STR', number: 'NUM', regex: 'RE' } as const;

// Leaves whose text is data: string pieces, escapes and JSX text.
const STRING_PARTS = new Set(['string_fragment', 'escape_sequence', 'jsx_text', 'html_character_reference']);
// Quote style is formatting, not structure.
const QUOTES = new Set(['"', "'"]);

/**
 * The normalised tokens of `file` whose start lies in [start, end)
 * (UTF-16 offsets, as on `Token`). Comments are dropped; identifiers of every
 * flavour become `ID`, string content `STR` (a run of pieces is one `STR`),
 * numbers `NUM`, a whole regex literal `RE`; other leaves keep their type,
 * which for keywords and punctuation is their text.
 */
export function normalizeRange(file: SourceFile, start: number, end: number): string[] {
  const out: string[] = [];
  let inRegexTail = false;
  for (let i = firstTokenAt(file.tokens, start); i < file.tokens.length; i++) {
    const token = file.tokens[i]!;
    if (token.startIndex >= end) break;
    if (token.isComment) continue;
    if (inRegexTail) {
      inRegexTail = false;
      // The closing slash of the regex whose pattern we just folded.
      if (token.type === '/') continue;
    }
    if (token.type === 'regex_flags') continue;
    if (token.type === 'regex_pattern') {
      // Tokens arrive as `/` pattern `/` flags: fold all four into one RE.
      if (out[out.length - 1] === '/') out.pop();
      out.push(NORMALISED.regex);
      inRegexTail = true;
      continue;
    }
    const mapped = mapToken(file, token);
    if (mapped === undefined) continue;
    if (mapped === NORMALISED.string && out[out.length - 1] === NORMALISED.string) continue;
    out.push(mapped);
  }
  return out;
}

// Chunks start at the declaration itself (`function f`, `f = () => …`), without these.
const BINDING_PREFIX = new Set(['export', 'default', 'declare', 'const', 'let', 'var']);

/**
 * `tokens` without a leading `export`/`default`/`const`… and a trailing `;`,
 * so pasted code (`export const f = () => {…};`) normalises like the chunk
 * of the same declaration and can match it exactly.
 */
export function declarationCore(tokens: readonly string[]): string[] {
  let start = 0;
  while (start < tokens.length && BINDING_PREFIX.has(tokens[start]!)) start++;
  const end = tokens.length > start && tokens[tokens.length - 1] === ';' ? tokens.length - 1 : tokens.length;
  return tokens.slice(start, end);
}

/** The normalised tokens of a whole parsed file. */
export function normalizeFile(file: SourceFile): string[] {
  return normalizeRange(file, 0, file.text.length);
}

// A method or field alone is not a program, but is valid inside a class body.
const CLASS_PREFIX = 'class Snippet {\n';
const CLASS_SUFFIX = '\n}';

/**
 * Parses a free-text snippet and normalises it. A snippet that does not
 * parse alone is tried as a class member (error recovery would otherwise
 * read `load(path: string) {…}` as a call and `string` as an identifier);
 * anything else incomplete is left to tree-sitter's recovery.
 */
export function normalizeSnippet(code: string, language: LanguageId): string[] {
  const alone = createSourceFile('<snippet>', code, language);
  if (!alone.root.hasError) return normalizeFile(alone);
  const member = createSourceFile('<snippet>', CLASS_PREFIX + code + CLASS_SUFFIX, language);
  if (member.root.hasError) return normalizeFile(alone);
  return normalizeRange(member, CLASS_PREFIX.length, CLASS_PREFIX.length + code.length);
}

function mapToken(file: SourceFile, token: Token): string | undefined {
  const type = token.type;
  if (type.includes('identifier')) return NORMALISED.identifier;
  if (type === 'number') return NORMALISED.number;
  if (STRING_PARTS.has(type)) {
    // Whitespace-only JSX text is layout between tags.
    if (type === 'jsx_text' && file.text.slice(token.startIndex, token.endIndex).trim() === '') return undefined;
    return NORMALISED.string;
  }
  if (QUOTES.has(type)) return '"';
  return type;
}

/** Index of the first token starting at or after `offset` (binary search). */
function firstTokenAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]!.startIndex < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
