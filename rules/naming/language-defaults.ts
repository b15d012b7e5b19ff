/**
 * @fileoverview Naming conventions per language. TypeScript, TSX and
 * JavaScript use the configured conventions (options.ts, TypeScript
 * defaults); Python and Go use their community style here:
 *
 * - Python (PEP 8): snake_case functions, methods, variables, parameters
 *   and class attributes; PascalCase classes; module-level names UPPER_CASE
 *   constants or snake_case (PascalCase too: type aliases, TypeVars). One
 *   leading underscore marks "internal" and is always allowed; dunder and
 *   name-mangled names (`__init__`, `__cache`) and snake_case names with
 *   PEP 8's keyword-avoiding trailing underscore (`class_`) are accepted.
 * - Go (Effective Go): MixedCaps, no underscores; a leading capital exports
 *   a name, so renames keep the author's choice of visibility. Test,
 *   benchmark, example and fuzz functions may use `_` (`TestLoad_missing`).
 *
 * The per-kind conventions for these languages are not configurable yet;
 * `ignore`, `checkDestructured` and `checkObjectLiteralMembers` apply to
 * every language.
 */
import type { Declaration, DeclarationKind, LanguageId } from '../../syntax/index.js';
import type { Format } from './formats.js';
import type { Convention, NamingOptions } from './options.js';

/** One language's defaults: a convention per kind, extra ignore patterns and how kinds read in messages. */
interface LanguageNaming {
  readonly conventions: Readonly<Record<DeclarationKind, Convention>>;
  readonly ignore: readonly RegExp[];
  readonly kindLabels?: Partial<Readonly<Record<DeclarationKind, string>>>;
}

const convention = (formats: readonly Format[], leadingUnderscore: Convention['leadingUnderscore'] = 'allow'): Convention => ({
  formats,
  leadingUnderscore,
  jsxFormats: [],
});

const snake = convention(['snake_case']);
const pascal = convention(['PascalCase']);

const PYTHON: LanguageNaming = {
  conventions: {
    function: snake,
    method: snake,
    variable: snake,
    parameter: snake,
    constant: convention(['UPPER_CASE', 'snake_case', 'PascalCase']),
    property: convention(['snake_case', 'UPPER_CASE']),
    class: pascal,
    interface: pascal,
    typeAlias: pascal,
    enum: pascal,
    enumMember: convention(['UPPER_CASE', 'PascalCase']),
  },
  // Dunders and name-mangled names are fine when the rest is lower case; PEP 8's
  // trailing underscore avoids a keyword (`class_`, `mangle_from_`).
  ignore: [/^__[\p{Ll}\d][\p{Ll}\d_]*$/u, /^_?[\p{Ll}\d]+(?:_[\p{Ll}\d]+)*_$/u],
  kindLabels: { constant: 'module-level name', property: 'class attribute' },
};

const mixedCaps = convention(['camelCase', 'PascalCase'], 'forbid');
const exportedMixedCaps = convention(['PascalCase', 'camelCase'], 'forbid');
const GO_KINDS: readonly DeclarationKind[] = [
  'function',
  'method',
  'variable',
  'parameter',
  'constant',
  'property',
  'class',
  'interface',
  'typeAlias',
  'enum',
  'enumMember',
];

const GO: LanguageNaming = {
  conventions: Object.fromEntries(GO_KINDS.map((kind) => [kind, mixedCaps])) as Record<DeclarationKind, Convention>,
  ignore: [/^(Test|Benchmark|Example|Fuzz)\w*_/],
  kindLabels: { class: 'struct type', typeAlias: 'type', property: 'field' },
};

const LANGUAGES: Partial<Readonly<Record<LanguageId, LanguageNaming>>> = { python: PYTHON, go: GO };

/** The convention `declaration` is checked against in a file of `language`. */
export function conventionFor(language: LanguageId, declaration: Declaration, options: NamingOptions): Convention {
  const defaults = LANGUAGES[language];
  if (!defaults) return options[declaration.kind];
  // Go: an exported name is renamed to an exported name (PascalCase first).
  if (language === 'go' && declaration.modifiers.has('exported')) return exportedMixedCaps;
  return defaults.conventions[declaration.kind];
}

/** Whether the language's own defaults skip `name` (on top of the configured `ignore`). */
export function ignoredByLanguage(language: LanguageId, name: string): boolean {
  return LANGUAGES[language]?.ignore.some((pattern) => pattern.test(name)) ?? false;
}

/** How a kind reads in messages for `language`, when it differs from the default label. */
export function kindLabelFor(language: LanguageId, kind: DeclarationKind): string | undefined {
  return LANGUAGES[language]?.kindLabels?.[kind];
}
