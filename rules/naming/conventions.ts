/**
 * @fileoverview typescript-eslint `naming-convention` options, accepted as
 * written: the schema of one convention (selectors, modifiers, formats,
 * underscores, affixes, custom regex, filter) and its normalised form with
 * the numbers typescript-eslint orders conventions by, so a pasted
 * configuration picks the same convention for a name as typescript-eslint.
 */
import { z } from 'zod';
import { FORMATS, type Format } from './formats.js';

/** Individual selectors, with typescript-eslint's bit values (the sort uses them). */
const SELECTOR_BITS = {
  variable: 1,
  function: 2,
  parameter: 4,
  parameterProperty: 8,
  classicAccessor: 16,
  enumMember: 32,
  classMethod: 64,
  objectLiteralMethod: 128,
  typeMethod: 256,
  classProperty: 512,
  objectLiteralProperty: 1024,
  typeProperty: 2048,
  autoAccessor: 4096,
  class: 8192,
  interface: 16384,
  typeAlias: 32768,
  enum: 65536,
  typeParameter: 131072,
  import: 262144,
} as const;
/** One individual selector. */
export type SelectorName = keyof typeof SELECTOR_BITS;

/** Group selectors: the union of their members' bits (`default` is every selector). */
const GROUP_BITS = {
  default: -1,
  variableLike: 7,
  memberLike: 8184,
  typeLike: 253952,
  method: 448,
  property: 3584,
  accessor: 4112,
} as const;

const MODIFIER_BITS = {
  const: 1,
  readonly: 2,
  static: 4,
  public: 8,
  protected: 16,
  private: 32,
  '#private': 64,
  abstract: 128,
  destructured: 256,
  global: 512,
  exported: 1024,
  unused: 2048,
  requiresQuotes: 4096,
  override: 8192,
  async: 16384,
  default: 32768,
  namespace: 65536,
} as const;
/** One modifier a convention can require. */
export type ModifierName = keyof typeof MODIFIER_BITS;

const TYPE_BITS = { boolean: 131072, string: 262144, number: 524288, function: 1048576, array: 2097152 } as const;

const UNDERSCORE_OPTIONS = ['forbid', 'require', 'requireDouble', 'allow', 'allowDouble', 'allowSingleOrDouble'] as const;
/** What a convention says about leading or trailing underscores. */
export type UnderscoreOption = (typeof UNDERSCORE_OPTIONS)[number];

const selectorName = z.enum([...Object.keys(SELECTOR_BITS), ...Object.keys(GROUP_BITS)] as [string, ...string[]]);
const regexSource = z.string().refine(
  (source) => {
    try {
      new RegExp(source, 'u');
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression (compiled with the u flag, as typescript-eslint does)' },
);
const matcher = z.strictObject({ regex: regexSource, match: z.boolean() });
const affixes = z.array(z.string().min(1));

/** One typescript-eslint naming-convention entry, as pasted from an ESLint config. */
export const conventionSchema = z
  .strictObject({
    selector: z.union([selectorName, z.array(selectorName).min(1)]).describe('typescript-eslint selector(s), individual or group'),
    modifiers: z.array(z.enum(Object.keys(MODIFIER_BITS) as [ModifierName, ...ModifierName[]])).optional(),
    types: z.array(z.enum(Object.keys(TYPE_BITS) as [string, ...string[]])).optional(),
    format: z.array(z.enum(FORMATS)).nullable(),
    custom: matcher.optional(),
    leadingUnderscore: z.enum(UNDERSCORE_OPTIONS).optional(),
    trailingUnderscore: z.enum(UNDERSCORE_OPTIONS).optional(),
    prefix: affixes.optional(),
    suffix: affixes.optional(),
    filter: z.union([regexSource, matcher]).optional(),
  })
  .describe('A typescript-eslint naming-convention entry');

/** One pasted convention, as parsed. */
export type ConventionOption = z.output<typeof conventionSchema>;

/** A convention for one selector, ready to test names against. */
export interface NormalizedConvention {
  readonly selector: number;
  readonly isGroup: boolean;
  readonly modifiers: readonly ModifierName[];
  /** Set when the convention needs type information (`types`), which we do not have: it never applies. */
  readonly needsTypes: boolean;
  readonly format: readonly Format[] | null;
  readonly custom: { readonly regex: RegExp; readonly match: boolean } | null;
  readonly filter: { readonly regex: RegExp; readonly match: boolean } | null;
  readonly leadingUnderscore: UnderscoreOption | null;
  readonly trailingUnderscore: UnderscoreOption | null;
  readonly prefix: readonly string[] | null;
  readonly suffix: readonly string[] | null;
  readonly modifierWeight: number;
}

function normalize(option: ConventionOption): NormalizedConvention[] {
  let weight = 0;
  for (const modifier of option.modifiers ?? []) weight |= MODIFIER_BITS[modifier];
  for (const type of option.types ?? []) weight |= TYPE_BITS[type as keyof typeof TYPE_BITS];
  // A filter gives a convention the highest priority, as in typescript-eslint.
  if (option.filter) weight |= 1 << 30;
  const filter = option.filter === undefined ? null : typeof option.filter === 'string' ? { regex: option.filter, match: true } : option.filter;
  const shared = {
    modifiers: option.modifiers ?? [],
    needsTypes: (option.types?.length ?? 0) > 0,
    format: option.format,
    custom: option.custom ? { regex: new RegExp(option.custom.regex, 'u'), match: option.custom.match } : null,
    filter: filter ? { regex: new RegExp(filter.regex, 'u'), match: filter.match } : null,
    leadingUnderscore: option.leadingUnderscore ?? null,
    trailingUnderscore: option.trailingUnderscore ?? null,
    prefix: option.prefix?.length ? option.prefix : null,
    suffix: option.suffix?.length ? option.suffix : null,
    modifierWeight: weight,
  };
  const selectors = Array.isArray(option.selector) ? option.selector : [option.selector];
  return selectors.map((name) => {
    const isGroup = Object.hasOwn(GROUP_BITS, name);
    const selector = isGroup ? GROUP_BITS[name as keyof typeof GROUP_BITS] : SELECTOR_BITS[name as SelectorName];
    return { selector, isGroup, ...shared };
  });
}

const isMethodOrProperty = (c: NormalizedConvention): boolean => c.selector === GROUP_BITS.method || c.selector === GROUP_BITS.property;

/**
 * For each selector, the conventions that apply to it, highest priority first, ordered
 * as typescript-eslint orders them: the same selector by modifier weight
 * (a filter outweighs everything), individual selectors before groups,
 * `method` and `property` before other groups, then larger selector values first.
 */
export function conventionsFor(options: readonly ConventionOption[]): (selector: SelectorName) => NormalizedConvention[] {
  const bySelector = ordered.get(options) ?? new Map<SelectorName, NormalizedConvention[]>();
  ordered.set(options, bySelector);
  return (selector) => {
    let list = bySelector.get(selector);
    if (!list) bySelector.set(selector, (list = order(options, selector)));
    return list;
  };
}

// The engine parses a configuration's options once and passes the same array for every file:
// orderings are compiled once per selector and configuration, not per file.
const ordered = new WeakMap<readonly ConventionOption[], Map<SelectorName, NormalizedConvention[]>>();

function order(options: readonly ConventionOption[], selector: SelectorName): NormalizedConvention[] {
  const bit = SELECTOR_BITS[selector];
  return options
    .flatMap(normalize)
    .filter((c) => (c.selector & bit) !== 0 || c.selector === GROUP_BITS.default)
    .sort((a, b) => {
      if (a.selector === b.selector) return b.modifierWeight - a.modifierWeight;
      if (a.isGroup !== b.isGroup) return a.isGroup ? 1 : -1;
      if (isMethodOrProperty(a) !== isMethodOrProperty(b)) return isMethodOrProperty(a) ? -1 : 1;
      return b.selector - a.selector;
    });
}
