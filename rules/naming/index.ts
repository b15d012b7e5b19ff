/**
 * @fileoverview The naming rule: every declaration is written in its kind's
 * format, with a leading underscore only where the kind's policy allows it.
 * Each violation carries a rename converted to the preferred format.
 */
import { isParameterUsed, type Declaration, type DeclarationKind, type SourceFile } from '../../syntax/index.js';
import { defineRule, type RuleViolation } from '../define-rule.js';
import type { LanguageId } from '../../syntax/index.js';
import { BoundNames, freeName } from './bound-names.js';
import { checkAgainstConventions, type CheckedName } from './convention-check.js';
import { conventionsFor, type ConventionOption } from './conventions.js';
import { convertName, matchesFormat, type Format } from './formats.js';
import { conventionFor, ignoredByLanguage, kindLabelFor } from './language-defaults.js';
import { namingOptions, type Convention, type NamingOptions } from './options.js';
import { classify, extraSubjects, ModuleFacts } from './selectors.js';

const KIND_LABELS: Readonly<Record<DeclarationKind, string>> = {
  function: 'function',
  variable: 'variable',
  constant: 'constant',
  parameter: 'parameter',
  class: 'class',
  interface: 'interface',
  typeAlias: 'type alias',
  enum: 'enum',
  enumMember: 'enum member',
  method: 'method',
  property: 'property',
};

/** Flags declarations whose names break their kind's convention. */
export const naming = defineRule({
  meta: {
    id: 'naming',
    kind: 'deterministic',
    description: 'Names follow the convention of their kind (camelCase functions, PascalCase types, …)',
    defaultSeverity: 'warning',
    options: namingOptions,
    messages: {
      format: '{{kind}} "{{name}}" should be {{formats}}: rename to "{{suggestion}}"',
      leadingUnderscore: '{{kind}} "{{name}}" has a leading underscore that is not allowed here: rename to "{{suggestion}}"',
      usedUnderscore: '{{kind}} "{{name}}" is used, so it should not start with an underscore: rename to "{{suggestion}}"',
      // Pasted typescript-eslint conventions report in typescript-eslint's words.
      doesNotMatchFormat: '{{type}} name `{{name}}` must match one of the following formats: {{formats}}',
      doesNotMatchFormatTrimmed: '{{type}} name `{{name}}` trimmed as `{{processedName}}` must match one of the following formats: {{formats}}',
      unexpectedUnderscore: '{{type}} name `{{name}}` must not have a {{position}} underscore.',
      missingUnderscore: '{{type}} name `{{name}}` must have {{count}} {{position}} underscore(s).',
      missingAffix: '{{type}} name `{{name}}` must have one of the following {{position}}es: {{affixes}}',
      satisfyCustom: '{{type}} name `{{name}}` must {{regexMatch}} the RegExp: {{regex}}',
    },
  },
  check({ file, declarations, options }) {
    if (options.conventions) return checkConventions(file, declarations, options.conventions, ignorePatterns(options.ignore));
    // Built on the first violation: most files have none.
    let names: BoundNames | undefined;
    const boundNames = (): BoundNames => (names ??= new BoundNames(file, declarations));
    return declarations.flatMap((declaration) => {
      if (isSkipped(declaration, options, file.language)) return [];
      // Python and Go have their own defaults (language-defaults.ts).
      const violation = checkName(declaration, conventionFor(file.language, declaration, options), file.language, boundNames);
      return violation ? [violation] : [];
    });
  },
});

/** Every declaration typescript-eslint would check, against the pasted conventions. */
function checkConventions(
  file: SourceFile,
  declarations: readonly Declaration[],
  conventions: readonly ConventionOption[],
  ignore: readonly RegExp[],
): RuleViolation[] {
  const facts = new ModuleFacts(file);
  const declared: CheckedName[] = declarations.flatMap((declaration) => {
    const classified = classify(declaration, facts);
    if (!classified) return [];
    const { selector, modifiers } = classified;
    return [{ selector, modifiers, name: declaration.name, line: declaration.line, column: declaration.column }];
  });
  // concat, not push(...): a spread of an unbounded list overflows the call stack.
  const subjects = declared.concat(extraSubjects(file, facts));
  const forSelector = conventionsFor(conventions);
  return subjects.flatMap((subject) => {
    if (ignore.some((pattern) => pattern.test(subject.name))) return [];
    const violation = checkAgainstConventions(subject, forSelector(subject.selector));
    return violation ? [violation] : [];
  });
}

function isSkipped(declaration: Declaration, options: NamingOptions, language: LanguageId): boolean {
  // A type variable is named like the type it stands for (`T_co`, `AnyStr`), not like a value.
  if (declaration.modifiers.has('typeVariable')) return true;
  if (declaration.modifiers.has('destructured') && !options.checkDestructured) return true;
  if (declaration.modifiers.has('objectLiteral') && !options.checkObjectLiteralMembers) return true;
  return ignorePatterns(options.ignore).some((pattern) => pattern.test(declaration.name)) || ignoredByLanguage(language, declaration.name);
}

// The engine parses a rule's options once per settings, so their `ignore` array is the same object for every file.
const compiledIgnore = new WeakMap<readonly string[], readonly RegExp[]>();

function ignorePatterns(sources: readonly string[]): readonly RegExp[] {
  let patterns = compiledIgnore.get(sources);
  if (!patterns) compiledIgnore.set(sources, (patterns = sources.map((source) => new RegExp(source))));
  return patterns;
}

function checkName(
  declaration: Declaration,
  convention: Convention,
  language: LanguageId,
  boundNames: () => BoundNames,
): RuleViolation | undefined {
  // `#x` is JavaScript's private marker, not part of the chosen name.
  const hash = declaration.name.startsWith('#') ? '#' : '';
  const bare = declaration.name.slice(hash.length);
  // `_` and `__` are placeholders: there is no name to judge.
  if (/^_*$/.test(bare)) return undefined;
  const prefix = bare.startsWith('_') && allowsUnderscore(declaration, convention) ? '_' : '';
  const body = bare.slice(prefix.length);
  const formats = expectedFormats(declaration, convention);
  if (formats.some((format) => matchesFormat(body, format))) return undefined;

  const stripped = body.replace(/^_+/, '');
  const strippedFormat = formats.find((format) => matchesFormat(stripped, format));
  const onlyUnderscore = strippedFormat !== undefined;
  const format = strippedFormat ?? preferredFormat(declaration, convention, formats);
  // Never a reserved word or a name the scope already binds (`Class` → `classValue`, not `class`).
  const suggestion = freeName(hash + prefix, onlyUnderscore ? stripped : convertName(stripped, format), format, declaration, language, boundNames());
  // No underscore was allowed under `allowIfUnused` only because the parameter is read.
  const used = prefix === '' && convention.leadingUnderscore === 'allowIfUnused' && declaration.kind === 'parameter';
  const messageId = !onlyUnderscore ? 'format' : used ? 'usedUnderscore' : 'leadingUnderscore';
  return {
    messageId,
    data: {
      name: declaration.name,
      kind: kindLabelFor(language, declaration.kind) ?? KIND_LABELS[declaration.kind],
      formats: describeFormats(formats),
      suggestion,
      column: declaration.column,
    },
    line: declaration.line,
    symbol: declaration.name,
    suggestion,
  };
}

function allowsUnderscore(declaration: Declaration, convention: Convention): boolean {
  switch (convention.leadingUnderscore) {
    case 'forbid':
      return false;
    case 'allow':
      return true;
    case 'allowIfUnused':
      return declaration.kind === 'parameter' && !isParameterUsed(declaration);
    case 'allowIfPrivate':
      return declaration.modifiers.has('private');
  }
}

/** The kind's formats, plus its JSX formats for React components. */
function expectedFormats(declaration: Declaration, convention: Convention): readonly Format[] {
  if (!declaration.modifiers.has('rendersJsx')) return convention.formats;
  return [...new Set([...convention.formats, ...convention.jsxFormats])];
}

/**
 * The format a rename converts to: the first expected one, except that a
 * component is renamed like a component (`MyButton`) and a function-valued
 * binding like a function rather than a constant (`fetchUser`, not `FETCH_USER`).
 */
function preferredFormat(declaration: Declaration, convention: Convention, formats: readonly Format[]): Format {
  const jsx = declaration.modifiers.has('rendersJsx') ? convention.jsxFormats[0] : undefined;
  const callable = declaration.modifiers.has('functionValue') ? formats.find((f) => f !== 'UPPER_CASE') : undefined;
  return jsx ?? callable ?? formats[0]!;
}

/** `a`, `a or b`, `a, b or c`. */
function describeFormats(formats: readonly Format[]): string {
  return formats.length === 1 ? formats[0]! : `${formats.slice(0, -1).join(', ')} or ${formats.at(-1)!}`;
}
