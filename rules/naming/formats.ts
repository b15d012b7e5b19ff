/**
 * @fileoverview Naming formats: predicates that say whether a name is
 * written in a format, and a converter that rewrites a name into one.
 * Names reach these functions without `#` or an allowed leading underscore.
 *
 * Semantics follow typescript-eslint's naming-convention so configurations
 * carry over: camelCase and PascalCase only look at the first character and
 * forbid underscores, so acronyms pass (`parseURL`, `XMLHttpRequest`); the
 * strict variants also forbid two upper-case letters in a row (`parseUrl`).
 * Characters without case (digits, CJK) never break a format.
 */

/** Every format a convention can name, as typescript-eslint spells them. */
export const FORMATS = ['camelCase', 'strictCamelCase', 'PascalCase', 'StrictPascalCase', 'snake_case', 'UPPER_CASE'] as const;
/** One naming format. */
export type Format = (typeof FORMATS)[number];

// `\p{Lu}`/`\p{Ll}` rather than [A-Z] so `ñame` and `Über` are judged like ASCII.
// Leading `$`s (`$el`, `$Store`) are skipped so the letter after them decides.
const CAMEL = /^\$*(?:[^\p{Lu}_$][^_]*)?$/u;
const PASCAL = /^\$*(?:[^\p{Ll}_$][^_]*)?$/u;
const SNAKE = /^[^\p{Lu}_]+(?:_[^\p{Lu}_]+)*$/u;
const UPPER = /^[^\p{Ll}_]+(?:_[^\p{Ll}_]+)*$/u;
const UPPER_PAIR = /\p{Lu}\p{Lu}/u;

const PREDICATES: Readonly<Record<Format, (name: string) => boolean>> = {
  camelCase: (name) => CAMEL.test(name),
  strictCamelCase: (name) => CAMEL.test(name) && !UPPER_PAIR.test(name),
  PascalCase: (name) => PASCAL.test(name),
  StrictPascalCase: (name) => PASCAL.test(name) && !UPPER_PAIR.test(name),
  snake_case: (name) => SNAKE.test(name),
  UPPER_CASE: (name) => UPPER.test(name),
};

/** Whether `name` is written in `format`. */
export function matchesFormat(name: string, format: Format): boolean {
  return PREDICATES[format](name);
}

/**
 * The words of a name: split at underscores, at lower→upper humps
 * (`getUser`), and before the last capital of an acronym that starts a
 * word (`URLParser` → `URL`, `Parser`). Digits stay with the word before.
 */
export function splitWords(name: string): string[] {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_]+/)
    .filter((word) => word !== '');
}

/**
 * Rewrites `name` in `format`. Acronyms (`URL`) survive into the lenient
 * camelCase and PascalCase when the name mixes cases (`Parse_URL` →
 * `parseURL`), since both formats accept them and the author chose them; in
 * an all-caps name (`GET_USER`) every word is an acronym, so words are
 * re-cased (`getUser`). Strict formats always re-case (`parseUrl`).
 */
export function convertName(name: string, format: Format): string {
  // Leading `$`s are a marker (`$store`) that the formats skip, so they stay in front.
  const dollars = /^\$*/.exec(name)![0];
  const words = splitWords(name.slice(dollars.length));
  if (words.length === 0) return name;
  return dollars + joinWords(words, format, /\p{Ll}/u.test(name));
}

function joinWords(words: readonly string[], format: Format, mixedCase: boolean): string {
  const keepAcronyms = mixedCase && (format === 'camelCase' || format === 'PascalCase');
  const capitalize = (word: string): string =>
    keepAcronyms && isAcronym(word) ? word : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  switch (format) {
    case 'camelCase':
    case 'strictCamelCase':
      return words[0]!.toLowerCase() + words.slice(1).map(capitalize).join('');
    case 'PascalCase':
    case 'StrictPascalCase':
      return words.map(capitalize).join('');
    case 'snake_case':
      return words.map((word) => word.toLowerCase()).join('_');
    case 'UPPER_CASE':
      return words.map((word) => word.toUpperCase()).join('_');
  }
}

/** Two or more letters, none lower-case: `URL`, `IO`, `HTML5`. */
function isAcronym(word: string): boolean {
  return word.length > 1 && !/\p{Ll}/u.test(word) && /\p{Lu}/u.test(word);
}
