/**
 * @fileoverview The second duplicate signal: an alignment of two chunks'
 * normalised token streams (a longest common subsequence, Myers' O(ND)
 * diff), as NiCad aligns pretty-printed lines. The cosine says two chunks
 * are made of the same shingles; the alignment says which tokens of one
 * have a counterpart in the other, in order, so a verdict can name the
 * lines that differ, the literal values that differ and the argument that
 * takes each of the original's parameters. It is computed only for the few
 * candidates a search returns above `index.similarThreshold`, and gives up
 * beyond a bound on edits and a budget of work, so a candidate costs at
 * most PAIR_ALIGNMENT_WORK steps and a file FILE_ALIGNMENT_WORK (see
 * scores.ts for what its numbers mean).
 */
import { languageSpec, type LanguageId } from '../../../syntax/index.js';
import { normalizeSnippet, type TokenOrigins } from '../../../indexer/chunks/index.js';
import { AlignmentBudget, commonSubsequence } from './token-diff.js';

/** Placeholders whose source text is a value: a parametric difference when they align but differ. */
const LITERAL_TOKENS: ReadonlySet<string> = new Set(['STR', 'NUM', 'RE']);
const NAME_TOKEN = 'ID';
/**
 * Placeholder of an object key (`{ tableName: t }`): keys align by place and
 * a renamed one is a differing line, not a differing region, so a copy that
 * reshapes its result field by field stays one near copy.
 */
const KEY_TOKEN = 'KEY';
const KEY_NAME = /^[A-Za-z_$][\w$]*$/;

/** A chunk as the alignment reads it: its normalised body tokens, each with its row and source text. */
export interface AlignableCode {
  readonly tokens: readonly string[];
  /** 0-based row in the chunk text of each token. */
  readonly rows: readonly number[];
  readonly texts: readonly string[];
  /** Positions in `tokens` of the parameter names, in order; undefined when they are not plain names. */
  readonly parameters?: readonly number[];
  /** Position in `tokens` of a method's hidden receiver parameter (`this`), when the method reads it. */
  readonly receiver?: number;
}

// Words of a declaration header that say how, not what: `export default async function*`, `static get`, `def`.
const HEADER_WORDS: ReadonlySet<string> = new Set([
  'export', 'default', 'declare', 'const', 'let', 'var', 'async', 'function', '*', 'get', 'set', 'static',
  'public', 'private', 'protected', 'readonly', 'override', 'abstract', 'def', 'func',
]);

/**
 * `text` (a chunk's source) normalised for alignment. The declaration
 * header before the parameters (`function f`, `const f =`, `f:`, `async f`,
 * `def f`) and an arrow's `=>` are left out, so a method lifted into a
 * function, an arrow written as a declaration or a renamed function aligns
 * with its original on the code that matters.
 */
export function alignableCode(text: string, language: LanguageId): AlignableCode {
  const origins: TokenOrigins = { rows: [], texts: [] };
  const all = normalizeSnippet(text, language, origins);
  const { bodyStart, parameters: params, arrow, close } = parseHeader(all);
  // A literal's value, not its spelling: Python and Go strings arrive with their quotes.
  const { literalValue } = languageSpec(language).normalize;
  const tokens: string[] = [];
  const rows: number[] = [];
  const texts: string[] = [];
  const push = (token: string, i: number, text = origins.texts[i]!): void => {
    tokens.push(token);
    rows.push(origins.rows[i]!);
    texts.push(literalValue && LITERAL_TOKENS.has(token) ? literalValue(text) : text);
  };
  // A lone arrow parameter lost its parentheses in normalisation; they come back, so `x =>` aligns with `(x)`.
  const bare = all[bodyStart] !== '(';
  // A method's receiver is a hidden first parameter: lifted into a function, `this.x` becomes `self.x` with `self` passed first.
  const receiver = arrow < 0 && !bare && takesReceiver(all, origins.texts, bodyStart, close);
  const receiverTokens = receiver ? (close > bodyStart + 1 ? [RECEIVER, ','] : [RECEIVER]) : [];
  if (bare && params) push('(', bodyStart, '(');
  for (let i = bodyStart; i < all.length; i++) {
    if (i === arrow) continue;
    push(isObjectKey(all, i) ? KEY_TOKEN : all[i]!, i);
    if (bare && params && i === bodyStart) push(')', i, ')');
    if (i === bodyStart) for (const token of receiverTokens) push(token === RECEIVER ? NAME_TOKEN : token, i, token);
  }
  const shift = (bare && params ? 1 : 0) + receiverTokens.length;
  const parameters = params?.map((i) => i - bodyStart + shift);
  const receiverAt = receiver ? (bare && params ? 2 : 1) : undefined;
  return { tokens, rows, texts, ...(parameters ? { parameters } : {}), ...(receiverAt !== undefined ? { receiver: receiverAt } : {}) };
}

const RECEIVER = 'this';

/** A kept name right after `{` or `,` and before `:`: an object key (a local's `ID`, a label or a `case` never is). */
function isObjectKey(tokens: readonly string[], i: number): boolean {
  const token = tokens[i]!;
  return tokens[i + 1] === ':' && (tokens[i - 1] === '{' || tokens[i - 1] === ',') && token !== NAME_TOKEN && KEY_NAME.test(token);
}

/** Whether the body after the parameter list ends at `close` reads `this` and no parameter is the receiver (`this: T`). */
function takesReceiver(tokens: readonly string[], texts: readonly string[], open: number, close: number): boolean {
  if (close < 0) return false;
  const isReceiver = (i: number): boolean => tokens[i] === NAME_TOKEN && texts[i] === RECEIVER;
  for (let i = open + 1; i < close; i++) if (isReceiver(i)) return false;
  for (let i = close + 1; i < tokens.length; i++) if (isReceiver(i)) return true;
  return false;
}

interface Header {
  /** The first token kept: the parameter list (or the whole stream when no header is recognised). */
  readonly bodyStart: number;
  readonly parameters?: readonly number[];
  /** The `=>` after the parameters, left out; -1 when none. */
  readonly arrow: number;
  /** The `)` closing the parameter list; -1 when there is none. */
  readonly close: number;
}

/** Where a declaration's header ends and its parameters are, in its normalised tokens. */
function parseHeader(tokens: readonly string[]): Header {
  let i = 0;
  const skipWords = (): void => {
    while (i < tokens.length && HEADER_WORDS.has(tokens[i]!)) i++;
  };
  skipWords();
  // `name:` (an object property) or `name =` (a binding), then the function value's own header.
  if (tokens[i + 1] === ':' || tokens[i + 1] === '=') {
    i += 2;
    skipWords();
  }
  // The declaration's own name, when a parameter list follows it.
  if (tokens[i] !== '(' && tokens[i + 1] === '(') i++;
  if (tokens[i] === NAME_TOKEN && tokens[i + 1] === '=>') return { bodyStart: i, parameters: [i], arrow: i + 1, close: -1 };
  if (tokens[i] !== '(') return { bodyStart: 0, arrow: -1, close: -1 };
  const close = matchingClose(tokens, i);
  if (close === undefined) return { bodyStart: 0, arrow: -1, close: -1 };
  const parameters = plainParameters(tokens, i, close);
  return { bodyStart: i, ...(parameters ? { parameters } : {}), arrow: tokens[close + 1] === '=>' ? close + 1 : -1, close };
}

/** The `)` matching the `(` at `open`, or undefined. */
export function matchingClose(tokens: readonly string[], open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i] === '(') depth++;
    else if (tokens[i] === ')' && --depth === 0) return i;
  }
  return undefined;
}

/**
 * Positions of the names in a parameter list made only of plain names, with
 * or without defaults (`a, b = 1`); undefined for destructuring, rest
 * parameters or anything else a call cannot map one to one.
 */
function plainParameters(tokens: readonly string[], open: number, close: number): number[] | undefined {
  const names: number[] = [];
  let depth = 0;
  let expectName = true;
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i]!;
    if (depth === 0 && expectName) {
      if (token !== NAME_TOKEN) return undefined;
      names.push(i);
      expectName = false;
    } else if (token === '(' || token === '[' || token === '{') depth++;
    else if (token === ')' || token === ']' || token === '}') depth--;
    else if (depth === 0 && token === ',') expectName = true;
    else if (depth === 0 && token !== '=' && tokens[i - 1] === NAME_TOKEN && names.at(-1) === i - 1) return undefined;
  }
  return names;
}

/** What an alignment of our chunk with an original found. */
export interface CodeAlignment {
  /** Aligned tokens. */
  readonly matched: number;
  /** 2 × matched / (our tokens + their tokens): 1 for equal streams (Dice). */
  readonly similarity: number;
  /** For each of our tokens, the position of its counterpart in theirs, or -1. */
  readonly counterpart: Int32Array;
}

/**
 * Aligns our tokens with theirs, or undefined when more than `maxEdits`
 * insertions and deletions separate them or the alignment would cost more
 * than `budget` allows (the pair is not close).
 */
export function alignCode(ours: AlignableCode, theirs: AlignableCode, maxEdits: number, budget = new AlignmentBudget()): CodeAlignment | undefined {
  const pairs = commonSubsequence(ours.tokens, theirs.tokens, maxEdits, budget);
  if (!pairs) return undefined;
  const counterpart = new Int32Array(ours.tokens.length).fill(-1);
  for (let p = 0; p < pairs.length; p += 2) counterpart[pairs[p]!] = pairs[p + 1]!;
  const matched = pairs.length / 2;
  const total = ours.tokens.length + theirs.tokens.length;
  return { matched, similarity: total === 0 ? 1 : (2 * matched) / total, counterpart };
}

/** A literal that aligns with one of the original's but has another value. */
export interface LiteralDifference {
  /** `STR`, `NUM` or `RE`. */
  readonly token: string;
  readonly ours: string;
  readonly theirs: string;
  /** 0-based row in our chunk. */
  readonly row: number;
}

// An interpolation inside a string read as one atom (a Python f-string): its names are the code's, not the value.
const INTERPOLATION = /\{[^{}]*\}/g;

/** Aligned literal tokens whose source values differ, in our order. */
export function literalDifferences(ours: AlignableCode, theirs: AlignableCode, alignment: CodeAlignment): LiteralDifference[] {
  const out: LiteralDifference[] = [];
  const value = (text: string): string => text.replace(INTERPOLATION, '{}');
  alignment.counterpart.forEach((j, i) => {
    if (j < 0 || !LITERAL_TOKENS.has(ours.tokens[i]!)) return;
    if (value(ours.texts[i]!) !== value(theirs.texts[j]!)) out.push({ token: ours.tokens[i]!, ours: ours.texts[i]!, theirs: theirs.texts[j]!, row: ours.rows[i]! });
  });
  return out;
}

/** How the two chunks' lines compare: a line matches when every token on it aligns. */
export interface LineComparison {
  /** Our rows (0-based) holding code. */
  readonly lines: number;
  readonly matchingLines: number;
  /** Our rows with a token that has no counterpart: added or rewritten. */
  readonly differingRows: readonly number[];
  /** Their rows with a token that has no counterpart in ours: removed or rewritten. */
  readonly removedRows: readonly number[];
}

export function compareLines(ours: AlignableCode, theirs: AlignableCode, alignment: CodeAlignment): LineComparison {
  const differing = new Set<number>();
  const rows = new Set<number>(ours.rows);
  const aligned = new Uint8Array(theirs.tokens.length);
  alignment.counterpart.forEach((j, i) => {
    if (j < 0) differing.add(ours.rows[i]!);
    else if (ours.tokens[i] === KEY_TOKEN && ours.texts[i] !== theirs.texts[j]) differing.add(ours.rows[i]!);
    else aligned[j] = 1;
  });
  const removed = new Set<number>();
  aligned.forEach((hit, j) => {
    if (!hit) removed.add(theirs.rows[j]!);
  });
  const byRow = (a: number, b: number): number => a - b;
  return {
    lines: rows.size,
    matchingLines: rows.size - differing.size,
    differingRows: [...differing].sort(byRow),
    removedRows: [...removed].sort(byRow),
  };
}

/** `code` with each object key spelled with its name (itself when it has none): keys then align only with keys of that name. */
export function keysByName(code: AlignableCode): AlignableCode {
  let named = KEYS_BY_NAME.get(code);
  if (!named) {
    named = code.tokens.includes(KEY_TOKEN)
      ? { ...code, tokens: code.tokens.map((token, i) => (token === KEY_TOKEN ? `${KEY_TOKEN}:${code.texts[i]}` : token)) }
      : code;
    KEYS_BY_NAME.set(code, named);
  }
  return named;
}

// Our chunk meets every candidate, and an original many chunks: spelled once per code.
const KEYS_BY_NAME = new WeakMap<AlignableCode, AlignableCode>();

/** Aligned object keys with other names (`{ start: s }` for `{ begin: s }`). */
export function renamedKeys(ours: AlignableCode, theirs: AlignableCode, alignment: CodeAlignment): number {
  let renamed = 0;
  alignment.counterpart.forEach((j, i) => {
    if (j >= 0 && ours.tokens[i] === KEY_TOKEN && ours.texts[i] !== theirs.texts[j]) renamed++;
  });
  return renamed;
}

/**
 * Our text for each of the original's parameters, in their order: the name
 * our copy uses where the original uses the parameter; undefined when a
 * parameter has no aligned name in ours (the call cannot be spelled out).
 */
export function parameterArguments(ours: AlignableCode, theirs: AlignableCode, alignment: CodeAlignment): string[] | undefined {
  if (!theirs.parameters) return undefined;
  const ourNameAt = alignedNames(ours, alignment);
  const args: string[] = [];
  for (const position of theirs.parameters) {
    const name = ourNameAt.get(position);
    if (name === undefined) return undefined;
    args.push(name);
  }
  return args;
}

/**
 * Our text for the original method's receiver (`self` where a lifted copy
 * passes it), or undefined when the original takes none or our copy reads
 * the receiver as `this` too (nothing to spell: the call is `this.name(…)`).
 */
export function receiverArgument(ours: AlignableCode, theirs: AlignableCode, alignment: CodeAlignment): string | undefined {
  if (theirs.receiver === undefined) return undefined;
  const name = alignedNames(ours, alignment).get(theirs.receiver);
  return name === RECEIVER ? undefined : name;
}

/** Our name text aligned with each of their positions that has one. */
function alignedNames(ours: AlignableCode, alignment: CodeAlignment): Map<number, string> {
  const out = new Map<number, string>();
  alignment.counterpart.forEach((j, i) => {
    if (j >= 0 && ours.tokens[i] === NAME_TOKEN) out.set(j, ours.texts[i]!);
  });
  return out;
}
