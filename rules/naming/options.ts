/**
 * @fileoverview The naming rule's options: one convention per declaration
 * kind, merged field by field onto TypeScript defaults, plus ignore patterns
 * and switches for names the rule skips by default.
 */
import { z } from 'zod';
import type { DeclarationKind } from '../../syntax/index.js';
import { conventionSchema as eslintConventionSchema } from './conventions.js';
import { FORMATS, type Format } from './formats.js';

/**
 * When a single leading underscore is accepted. `allowIfUnused` applies to
 * parameters only (the kernel knows whether a parameter is read, not a
 * variable); `allowIfPrivate` to `private` and `#` members.
 */
const UNDERSCORE_POLICIES = ['forbid', 'allow', 'allowIfUnused', 'allowIfPrivate'] as const;
/** One leading-underscore policy. */
type UnderscorePolicy = (typeof UNDERSCORE_POLICIES)[number];

/** How one declaration kind is named. */
export interface Convention {
  /** Accepted formats; the first is what renames convert to. */
  readonly formats: readonly Format[];
  readonly leadingUnderscore: UnderscorePolicy;
  /** Formats also accepted, and preferred, when the declaration renders JSX (a React component). */
  readonly jsxFormats: readonly Format[];
}

const camel = (leadingUnderscore: UnderscorePolicy = 'forbid'): Convention => ({
  formats: ['camelCase'],
  leadingUnderscore,
  jsxFormats: ['PascalCase'],
});
const typeLike: Convention = { formats: ['PascalCase'], leadingUnderscore: 'forbid', jsxFormats: [] };

/** TypeScript defaults, by declaration kind. */
const DEFAULT_CONVENTIONS: Readonly<Record<DeclarationKind, Convention>> = {
  // PascalCase only for React components (functions that render JSX), via jsxFormats.
  function: camel(),
  variable: camel(),
  // UPPER_CASE first: a renamed module constant most often reads as a fixed value.
  constant: { ...camel(), formats: ['UPPER_CASE', 'camelCase', 'PascalCase'] },
  parameter: camel('allowIfUnused'),
  class: typeLike,
  interface: typeLike,
  typeAlias: typeLike,
  enum: typeLike,
  enumMember: { ...typeLike, formats: ['PascalCase', 'UPPER_CASE'] },
  method: camel('allowIfPrivate'),
  property: camel('allowIfPrivate'),
};

/** `__dirname`/`__filename` are the standard ESM re-creations of CommonJS globals. */
const DEFAULT_IGNORE = ['^__(dirname|filename)$'];

const formatList = z.array(z.enum(FORMATS));

function conventionSchema(defaults: Convention) {
  // Field defaults (not one object default) so `{formats: [...]}` keeps the kind's other defaults.
  return z
    .strictObject({
      formats: formatList.min(1).default(() => [...defaults.formats]),
      leadingUnderscore: z.enum(UNDERSCORE_POLICIES).default(defaults.leadingUnderscore),
      jsxFormats: formatList.default(() => [...defaults.jsxFormats]),
    })
    .prefault({});
}

/**
 * A regex source that compiles. Kept a string (the rule compiles it): a
 * schema's output must stay valid input, since the config is also shown
 * (MCP config resource) and its rule options parsed again by the engine.
 */
const regex = z.string().superRefine((source, context) => {
  try {
    new RegExp(source);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

type ConventionShape = { [Kind in DeclarationKind]: ReturnType<typeof conventionSchema> };
// Built from the defaults table so a new kind needs one entry, not two.
const conventionShape = Object.fromEntries(
  Object.entries(DEFAULT_CONVENTIONS).map(([kind, defaults]) => [kind, conventionSchema(defaults)]),
) as ConventionShape;

/** Parses the naming rule's options; every field is defaulted. */
export const namingOptions = z.strictObject({
  ...conventionShape,
  /** Names matching any of these regexes are not checked. Replaces the default list. */
  ignore: z.array(regex).prefault(DEFAULT_IGNORE),
  /** Destructured names usually come from elsewhere (an API, a library). */
  checkDestructured: z.boolean().default(false),
  /** Object-literal keys are often dictated by external APIs. */
  checkObjectLiteralMembers: z.boolean().default(false),
  /**
   * A typescript-eslint naming-convention array, pasted as is. When set it
   * decides every verdict (the per-kind conventions and the two switches
   * above are not used; `ignore` still is).
   */
  conventions: z
    .array(eslintConventionSchema)
    .min(1)
    .optional()
    .describe('typescript-eslint naming-convention entries, pasted as is; when set they replace the per-kind conventions'),
});

/** Parsed naming options: a full Convention per kind and compiled ignore patterns. */
export type NamingOptions = z.output<typeof namingOptions>;
