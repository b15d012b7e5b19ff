/**
 * @fileoverview The evidence of a unit of code: what it is *about*, as
 * opposed to how it is laid out. A rewritten or re-implemented function
 * loses its token order but keeps most of this: the APIs it calls
 * (`getUTCFullYear`, `setTimeout`), the members it reads and writes, the
 * types it names, its literals and regular expressions, and the words of
 * its names. Each term is one of
 *
 * - `w:<word>`: a word of a name or a string, lowercased, a plural `s` cut
 *   (`retryAfterMs` → `w:retry`, `w:after`, `w:ms`);
 * - `n:<name>`: a whole name of two or more words, lowercased (`n:getutcfullyear`);
 * - `s:<text>`: the text of a short string literal;
 * - `#<number>`: a number other than 0, 1 and 2;
 * - `r:<pattern>`: a regular expression.
 *
 * How telling a term is depends on the repository (`w:map` is common,
 * `n:sessionstore` is not): evidence-index.ts weighs each by its rarity.
 */
import { firstTokenAt, languageSpec, type SourceFile, type Token } from '../../syntax/index.js';

/** What role a term's leaf plays, for naming shared evidence in a message. */
export type EvidenceRole = 'call' | 'member' | 'type' | 'literal' | 'name';

/** One distinct term of a unit, with the most telling role it plays there (a name called anywhere is a call). */
export interface EvidenceTerm {
  readonly term: string;
  readonly role: EvidenceRole;
  /** The source text it came from (a name as written, a literal with its quotes dropped). */
  readonly text: string;
}

const ROLE_RANK: Readonly<Record<EvidenceRole, number>> = { call: 0, type: 1, member: 2, literal: 3, name: 4 };
// Receivers and placeholders every unit of a language has: no evidence at all.
const NOISE_NAMES = new Set(['this', 'self', 'cls', 'err', 'ctx', '_']);
// Numbers that mean "first", "none" or "pair" everywhere.
const PLAIN_NUMBERS = new Set(['0', '1', '2', '-1', '0.0', '1.0']);
// A string literal longer than this is a message or a template, told by its words, not its text.
const MAX_STRING_TERM = 48;
const WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

/** The distinct evidence terms of `file`'s code in [start, end) (UTF-16 offsets), in source order. */
export function evidenceTerms(file: SourceFile, start: number, end: number): EvidenceTerm[] {
  const profile = languageSpec(file.language).normalize;
  const terms = new Map<string, EvidenceTerm>();
  const add = (term: string, role: EvidenceRole, text: string): void => {
    const known = terms.get(term);
    if (!known || ROLE_RANK[role] < ROLE_RANK[known.role]) terms.set(term, { term, role, text });
  };
  const tokens = file.tokens;
  for (let i = firstTokenAt(tokens, start); i < tokens.length && tokens[i]!.startIndex < end; i++) {
    const token = tokens[i]!;
    if (token.isComment) continue;
    const text = file.text.slice(token.startIndex, token.endIndex);
    if (token.type.endsWith('identifier')) {
      addName(text, roleOf(token, tokens[i - 1], tokens[i + 1], file.text), add);
    } else if (profile.stringTypes.has(token.type)) {
      addString(profile.literalValue ? profile.literalValue(text) : text, add);
    } else if (profile.numberTypes.has(token.type) && /^[-.0-9]/.test(text)) {
      if (!PLAIN_NUMBERS.has(text)) add(`#${text.toLowerCase()}`, 'literal', text);
    } else if (token.type === 'regex_pattern') {
      add(`r:${text}`, 'literal', `/${text}/`);
    }
  }
  return [...terms.values()];
}

// A name followed by `(` after one of these is being declared, not called (`function f(`, `def f(`, a method, a Go receiver's method).
const DECLARES_BEFORE = new Set(['function', 'def', 'func', '{', '}', ';', ')', 'async', 'static', 'get', 'set', 'public', 'private', 'protected', 'override', 'readonly', '*']);

function roleOf(token: Token, previous: Token | undefined, next: Token | undefined, text: string): EvidenceRole {
  if (token.type === 'type_identifier') return 'type';
  const declared = previous === undefined || DECLARES_BEFORE.has(previous.type);
  if (next?.type === '(' && next.startIndex === token.endIndex && !declared) return 'call';
  if (token.type === 'property_identifier' || token.type === 'field_identifier') return 'member';
  // Python's members are plain identifiers after a dot.
  return text[token.startIndex - 1] === '.' ? 'member' : 'name';
}

function addName(name: string, role: EvidenceRole, add: (term: string, role: EvidenceRole, text: string) => void): void {
  if (NOISE_NAMES.has(name)) return;
  const words = wordsOf(name);
  if (words.length > 1) add(`n:${name.toLowerCase().replace(/_/g, '')}`, role, name);
  for (const word of words) add(`w:${word}`, role, name);
}

function addString(value: string, add: (term: string, role: EvidenceRole, text: string) => void): void {
  const trimmed = value.trim();
  if (trimmed.length === 0) return;
  if (trimmed.length <= MAX_STRING_TERM) add(`s:${trimmed}`, 'literal', trimmed);
  for (const word of wordsOf(trimmed)) if (word.length > 2) add(`w:${word}`, 'literal', trimmed);
}

/** `getUTCFullYear` → get, utc, full, year; `retry_after_ms` → retry, after, ms; plurals cut. */
export function wordsOf(name: string): string[] {
  const words: string[] = [];
  for (const match of name.matchAll(WORD)) {
    let word = match[0].toLowerCase();
    if (word.length < 2 || /^[0-9]+$/.test(word)) continue;
    if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
    words.push(word);
  }
  return words;
}
