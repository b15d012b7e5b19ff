/**
 * @fileoverview Checks one name against pasted typescript-eslint
 * conventions exactly as typescript-eslint does: the first convention whose
 * filter, modifiers and types match decides; underscores, then affixes are
 * trimmed, then the custom regex and the formats are tested. The format
 * predicates here are typescript-eslint's own (a leading `$` is just a
 * caseless character), not the lenient ones of the simple options.
 */
import type { RuleViolation } from '../define-rule.js';
import type { Format } from './formats.js';
import { convertName } from './formats.js';
import type { ModifierName, NormalizedConvention, SelectorName, UnderscoreOption } from './conventions.js';

const isUpperChar = (c: string): boolean => c === c.toUpperCase() && c !== c.toLowerCase();

function strictHumps(name: string, upper: boolean): boolean {
  if (name.startsWith('_')) return false;
  let isUpper = upper;
  for (let i = 1; i < name.length; i++) {
    if (name[i] === '_') return false;
    if (isUpper === isUpperChar(name[i]!)) {
      if (isUpper) return false;
    } else isUpper = !isUpper;
  }
  return true;
}

/** No leading, trailing or doubled underscores. */
function cleanUnderscores(name: string): boolean {
  return !name.startsWith('_') && !name.endsWith('_') && !name.includes('__');
}

const first = (name: string): string => name[0]!;
const CHECKS: Readonly<Record<Format, (name: string) => boolean>> = {
  camelCase: (n) => first(n) === first(n).toLowerCase() && !n.includes('_'),
  strictCamelCase: (n) => first(n) === first(n).toLowerCase() && strictHumps(n, false),
  PascalCase: (n) => first(n) === first(n).toUpperCase() && !n.includes('_'),
  StrictPascalCase: (n) => first(n) === first(n).toUpperCase() && strictHumps(n, true),
  snake_case: (n) => n === n.toLowerCase() && cleanUnderscores(n),
  UPPER_CASE: (n) => n === n.toUpperCase() && cleanUnderscores(n),
};

/** Whether `name` is in `format` by typescript-eslint's definition (the empty name is in every format). */
export function inEslintFormat(name: string, format: Format): boolean {
  return name.length === 0 || CHECKS[format](name);
}

/** A failed check: message id and the data for its slots. */
type Failure = { readonly messageId: string; readonly data: Record<string, string> };

/** Trims one side's underscores per `option`; a Failure when the option is broken. */
function trimUnderscore(side: 'leading' | 'trailing', option: UnderscoreOption | null, name: string): string | Failure {
  if (!option) return name;
  const has = (n: number): boolean => (side === 'leading' ? name.startsWith('_'.repeat(n)) : name.endsWith('_'.repeat(n)));
  const trim = (n: number): string => (side === 'leading' ? name.slice(n) : name.slice(0, name.length - n));
  switch (option) {
    case 'allow':
      return has(1) ? trim(1) : name;
    case 'allowDouble':
      return has(2) ? trim(2) : name;
    case 'allowSingleOrDouble':
      return has(2) ? trim(2) : has(1) ? trim(1) : name;
    case 'forbid':
      return has(1) ? { messageId: 'unexpectedUnderscore', data: { position: side, count: 'one' } } : name;
    case 'require':
      return has(1) ? trim(1) : { messageId: 'missingUnderscore', data: { position: side, count: 'one' } };
    case 'requireDouble':
      return has(2) ? trim(2) : { messageId: 'missingUnderscore', data: { position: side, count: 'two' } };
  }
}

function trimAffix(side: 'prefix' | 'suffix', affixes: readonly string[] | null, name: string): string | Failure {
  if (!affixes) return name;
  for (const affix of affixes) {
    if (side === 'prefix' && name.startsWith(affix)) return name.slice(affix.length);
    if (side === 'suffix' && name.endsWith(affix)) return name.slice(0, -affix.length);
  }
  return { messageId: 'missingAffix', data: { position: side, affixes: affixes.join(', ') } };
}

/** Why `name` breaks `convention`, or undefined when it keeps it. */
function breaks(convention: NormalizedConvention, original: string, modifiers: ReadonlySet<ModifierName>): Failure | undefined {
  let name: string | Failure = original;
  for (const step of [
    (n: string) => trimUnderscore('leading', convention.leadingUnderscore, n),
    (n: string) => trimUnderscore('trailing', convention.trailingUnderscore, n),
    (n: string) => trimAffix('prefix', convention.prefix, n),
    (n: string) => trimAffix('suffix', convention.suffix, n),
  ]) {
    name = step(name);
    if (typeof name !== 'string') return name;
  }
  const { custom, format } = convention;
  if (custom && custom.regex.test(name) !== custom.match) {
    return { messageId: 'satisfyCustom', data: { regex: String(custom.regex), regexMatch: custom.match ? 'match' : 'not match' } };
  }
  if (!format?.length) return undefined;
  if (!modifiers.has('requiresQuotes') && format.some((f) => inEslintFormat(name as string, f))) return undefined;
  const trimmed: Record<string, string> = name === original ? {} : { processedName: name };
  return { messageId: original === name ? 'doesNotMatchFormat' : 'doesNotMatchFormatTrimmed', data: { formats: format.join(', '), ...trimmed } };
}

/** `classMethod` → `Class Method`, as typescript-eslint names selectors in messages. */
function selectorLabel(selector: SelectorName): string {
  const spaced = selector.replace(/([A-Z])/g, ' $1');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The name as declared, with `#` (a private name's marker is part of what typescript-eslint checks). */
export interface CheckedName {
  readonly name: string;
  readonly selector: SelectorName;
  readonly modifiers: ReadonlySet<ModifierName>;
  readonly line: number;
  readonly column: number;
}

/** The violation for `subject` under `conventions` (ordered, see `conventionsFor`), if any. */
export function checkAgainstConventions(subject: CheckedName, conventions: readonly NormalizedConvention[]): RuleViolation | undefined {
  // typescript-eslint checks a private name without its `#`.
  const name = subject.name.replace(/^#/, '');
  for (const convention of conventions) {
    if (convention.filter && convention.filter.regex.test(name) !== convention.filter.match) continue;
    if (convention.modifiers.some((m) => !subject.modifiers.has(m))) continue;
    if (convention.needsTypes) continue;
    const failure = breaks(convention, name, subject.modifiers);
    if (!failure) return undefined;
    const suggestion = failure.messageId.startsWith('doesNotMatch') ? rename(name, convention) : undefined;
    return {
      messageId: failure.messageId,
      data: { ...failure.data, name: subject.name, type: selectorLabel(subject.selector), column: subject.column },
      line: subject.line,
      symbol: subject.name,
      ...(suggestion && suggestion !== name ? { suggestion } : {}),
    };
  }
  return undefined;
}

/** The name in the convention's first format, keeping what was trimmed off around it. */
function rename(name: string, convention: NormalizedConvention): string | undefined {
  const format = convention.format?.[0];
  if (!format) return undefined;
  const lead = /^_*/.exec(name)![0];
  const trail = /_*$/.exec(name.slice(lead.length))![0];
  return lead + convertName(name.slice(lead.length, name.length - trail.length), format) + trail;
}
