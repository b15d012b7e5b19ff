/**
 * @fileoverview The normalised token stream: what makes two pieces of code
 * "the same shape". Locally declared names, literals, comments, type
 * annotations and formatter-level punctuation (`;`, trailing commas, the
 * parentheses of a lone arrow parameter) are erased, so a renamed,
 * reformatted or untyped copy normalises to the same stream; keywords,
 * punctuation, member names and free names (called APIs) stay because they
 * carry the structure and what the code touches (see normalize-plan.ts).
 */
import { createSourceFile, firstTokenAt, languageSpec, type LanguageId, type NormalizeProfile, type SourceFile, type Token } from '../../syntax/index.js';
import { planRange, planRanges, type NormalizePlan } from './normalize-plan.js';

/** Placeholder tokens of the normalised stream. */
const NORMALISED = { identifier: 'ID', string: 'STR', number: 'NUM', regex: 'RE' } as const;

// Quote style is formatting, not structure.
const QUOTES = new Set(['"', "'"]);

/**
 * The normalised tokens of `file` whose start lies in [start, end)
 * (UTF-16 offsets, as on `Token`). Comments, `;`, trailing commas and type
 * syntax are dropped; names declared in the range become `ID`, other names
 * keep their text; string content becomes `STR` (a run of pieces is one
 * `STR`), numbers `NUM`, a whole regex literal `RE`; other leaves keep their
 * type, which for keywords and punctuation is their text.
 */
export function normalizeRange(file: SourceFile, start: number, end: number): string[] {
  return applyPlan(file, start, end, planRange(file, start, end));
}

/**
 * `normalizeRange` of each range, planned in one walk of the file (see
 * `planRanges`); ranges must be nested or disjoint, as syntax nodes are.
 */
export function normalizeRanges(file: SourceFile, ranges: ReadonlyArray<readonly [number, number]>): string[][] {
  return planRanges(file, ranges).map((plan, i) => applyPlan(file, ranges[i]![0], ranges[i]![1], plan));
}

/**
 * Where each normalised token came from, index for index: the 0-based row of
 * its source leaf and the leaf's text (a folded string run: its pieces joined).
 * The alignment reads it to name differing lines and literal values.
 */
export interface TokenOrigins {
  readonly rows: number[];
  readonly texts: string[];
}

function applyPlan(file: SourceFile, start: number, end: number, plan: NormalizePlan, origins?: TokenOrigins): string[] {
  const profile = languageSpec(file.language).normalize;
  const out: string[] = [];
  const emit = (tokens: readonly string[], token: Token): void => {
    for (const t of tokens) out.push(t);
    if (!origins) return;
    const text = file.text.slice(token.startIndex, token.endIndex);
    for (let k = 0; k < tokens.length; k++) {
      origins.rows.push(token.startRow);
      origins.texts.push(text);
    }
  };
  const tokens = file.tokens;
  let erasedAt = 0;
  let inRegexTail = false;
  for (let i = firstTokenAt(tokens, start); i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.startIndex >= end) break;
    if (token.isComment) continue;
    while (erasedAt < plan.erased.length && plan.erased[erasedAt]![1] <= token.startIndex) erasedAt++;
    const erased = plan.erased[erasedAt];
    if (erased && erased[0] <= token.startIndex) continue;
    if (token.type === ';') continue;
    if (token.type === ',' && TRAILING_COMMA_CLOSERS.has(nextCodeToken(tokens, i, end)?.type ?? '')) continue;
    const replacement = plan.replace.get(token.startIndex);
    if (replacement) {
      emit(replacement, token);
      continue;
    }
    if (inRegexTail) {
      inRegexTail = false;
      // The closing slash of the regex whose pattern we just folded.
      if (token.type === '/') continue;
    }
    if (token.type === 'regex_flags') continue;
    if (token.type === 'regex_pattern') {
      // Tokens arrive as `/` pattern `/` flags: fold all four into one RE.
      if (out[out.length - 1] === '/') {
        out.pop();
        origins?.rows.pop();
        origins?.texts.pop();
      }
      emit([NORMALISED.regex], token);
      inRegexTail = true;
      continue;
    }
    const mapped = mapToken(file, token, profile);
    if (mapped === undefined) continue;
    if (mapped === NORMALISED.string && out[out.length - 1] === NORMALISED.string) {
      if (origins) origins.texts[origins.texts.length - 1] += file.text.slice(token.startIndex, token.endIndex);
      continue;
    }
    emit([mapped], token);
  }
  return out;
}

// A comma before one of these is a trailing comma: formatting.
const TRAILING_COMMA_CLOSERS = new Set([')', ']', '}', '>']);

/** The next non-comment token after index `i` that starts before `end`. */
function nextCodeToken(tokens: readonly Token[], i: number, end: number): Token | undefined {
  for (let j = i + 1; j < tokens.length && tokens[j]!.startIndex < end; j++) {
    if (!tokens[j]!.isComment) return tokens[j];
  }
  return undefined;
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

/**
 * Parses a free-text snippet and normalises it. The language may rewrite
 * it first (Python dedents a method cut with its indentation). A snippet
 * that does not parse alone is tried inside the language's wrapper
 * (ECMAScript: as a class member, since error recovery would otherwise read
 * `load(path: string) {…}` as a call and `string` as an identifier; an
 * object-literal member loses the `,` it was cut with);
 * anything else incomplete is left to tree-sitter's recovery.
 */
export function normalizeSnippet(code: string, language: LanguageId, origins?: TokenOrigins): string[] {
  const { rewrite, wrap } = languageSpec(language).normalize.snippet;
  const rewritten = rewrite ? rewrite(code) : code;
  // An object-literal member is cut with the `,` that separates it from the next one.
  const source = wrap ? rewritten.replace(/,\s*$/, '') : rewritten;
  const alone = createSourceFile('<snippet>', source, language);
  const whole = (): string[] => applyPlan(alone, 0, source.length, planRange(alone, 0, source.length), origins);
  if (!alone.root.hasError || !wrap) return whole();
  const [prefix, suffix] = wrap;
  const member = createSourceFile('<snippet>', prefix + source + suffix, language);
  if (member.root.hasError) return whole();
  const start = prefix.length;
  const tokens = applyPlan(member, start, start + source.length, planRange(member, start, start + source.length), origins);
  // Rows of the snippet, not of the wrapper around it.
  const prefixRows = prefix.split('\n').length - 1;
  if (origins && prefixRows > 0) for (let k = 0; k < origins.rows.length; k++) origins.rows[k]! -= prefixRows;
  return tokens;
}

function mapToken(file: SourceFile, token: Token, profile: NormalizeProfile): string | undefined {
  const type = token.type;
  if (type.includes('identifier')) return NORMALISED.identifier;
  if (profile.numberTypes.has(type)) return NORMALISED.number;
  if (profile.stringTypes.has(type)) {
    // Whitespace-only JSX text is layout between tags.
    if (type === 'jsx_text' && file.text.slice(token.startIndex, token.endIndex).trim() === '') return undefined;
    return NORMALISED.string;
  }
  if (QUOTES.has(type)) return '"';
  return type;
}
