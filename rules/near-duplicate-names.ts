/**
 * @fileoverview The near-duplicate-names rule: two declarations in one
 * module (or one class) whose names differ only by a version marker —
 * `parseConfig` and `parseConfig2`, `newParseConfig`, `parseConfigNew`,
 * `parseConfigOld`, `parseConfig_v2`, `parseConfigCopy` — are usually a
 * rewrite left beside the original. The later one is reported, pointing at
 * the one that already exists.
 */
import { z } from 'zod';
import type { Declaration } from '../syntax/index.js';
import { defineRule, type RuleViolation } from './define-rule.js';

/** Words that mark a variant rather than say what a thing does. */
export const DEFAULT_MARKERS = [
  'new',
  'old',
  'copy',
  'tmp',
  'temp',
  'backup',
  'bak',
  'legacy',
  'alt',
  'orig',
  'original',
  'fixed',
  'final',
  'updated',
  'improved',
  'better',
  'draft',
] as const;

// Only names a module or class shares: locals and parameters live in their own small scopes.
const SCOPED_KINDS: ReadonlySet<string> = new Set(['function', 'class', 'interface', 'typeAlias', 'enum', 'constant', 'method', 'property']);

/** Flags a declaration whose name is another one's plus a version marker. */
export const nearDuplicateNames = defineRule({
  meta: {
    id: 'near-duplicate-names',
    kind: 'deterministic',
    description: 'No two names in one module or class that differ only by a version marker (`parseConfig`, `parseConfig2`, `newParseConfig`)',
    defaultSeverity: 'warning',
    options: z.strictObject({
      markers: z
        .array(z.string().regex(/^[a-z]+$/, 'a lower-case word'))
        .default(() => [...DEFAULT_MARKERS])
        .describe('Words that mark a variant when they lead or end a name (digits always do); replaces the default list'),
    }),
    messages: {
      variant: '"{{name}}" looks like a variant of "{{existing}}" (line {{existingLine}}): change or reuse "{{existing}}" instead of keeping both',
    },
  },
  check({ declarations, options }) {
    const markers = new Set(options.markers);
    const seen = new Map<string, { declaration: Declaration; markers: string }>();
    const out: RuleViolation[] = [];
    for (const declaration of declarations) {
      if (!isShared(declaration)) continue;
      const { stem: base, markers: marked } = splitStem(declaration.name, markers);
      const key = `${declaration.container ?? ''}\u0000${base}`;
      const earlier = seen.get(key);
      if (!earlier) {
        seen.set(key, { declaration, markers: marked });
        continue;
      }
      const first = earlier.declaration;
      // Overloads, a getter and its setter, declaration merging: one name, not a variant.
      if (first.name === declaration.name) continue;
      // `Config` beside `config` differ in case, not by a marker; `oldValue` beside `newValue` is a pair.
      if (marked === '' && earlier.markers === '') continue;
      if ([marked, earlier.markers].sort().join() === 'new,old') continue;
      // `h1`…`h6`, `zod3` beside `zod4`: a numbered series, not a copy of an original.
      if (isNumbering(marked) && isNumbering(earlier.markers)) continue;
      out.push({
        messageId: 'variant',
        data: { name: declaration.name, existing: first.name, existingLine: first.line },
        line: declaration.line,
        symbol: declaration.name,
      });
    }
    return out;
  },
});

/** Markers that only number (`2`), none empty. */
function isNumbering(markers: string): boolean {
  return markers !== '' && markers.split(',').every((m) => /^\p{N}+$/u.test(m));
}

function isShared(declaration: Declaration): boolean {
  if (declaration.kind === 'variable') return declaration.modifiers.has('moduleScope') && !declaration.modifiers.has('destructured');
  return SCOPED_KINDS.has(declaration.kind);
}

/**
 * A trailing version number: after `_`, `_v` or a camel-case `V`
 * (`config_2`, `config_v2`, `configV2`), or one digit after a lower-case
 * letter (`parseConfig2`; `uuidv4` is a name).
 */
const VERSION_SUFFIX = /(?:_[vV]?|V|(?<=\p{Ll}))(\d+)$/u;

/** The words of a name, lower-cased: split at humps and underscores. */
function words(name: string): string[] {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_$]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/**
 * The name without its version markers, lower-cased, and the markers
 * dropped (sorted, comma-joined): a trailing version number, then leading
 * and trailing marker words (`newParseConfigV2` → `parseconfig`, `2,new`).
 * A digit glued to a one-word name is part of it (`cuid2`, `int32`, `h1`),
 * as is a digit after an acronym (`CUID2`, `UTF8`). A name that is nothing
 * but markers keeps itself.
 */
export function splitStem(name: string, markers: ReadonlySet<string>): { stem: string; markers: string } {
  const bare = name.replace(/^[#_$]+/, '');
  const dropped: string[] = [];
  let rest = bare;
  const version = VERSION_SUFFIX.exec(bare);
  if (version && (version[0] !== version[1] || (version[1]!.length === 1 && words(bare.slice(0, version.index)).length >= 2))) {
    dropped.push(version[1]!);
    rest = bare.slice(0, version.index);
  }
  const list = words(rest);
  let start = 0;
  let end = list.length;
  while (end > start && markers.has(list[end - 1]!)) dropped.push(list[--end]!);
  while (start < end && markers.has(list[start]!)) dropped.push(list[start++]!);
  if (start >= end) return { stem: words(bare).join(''), markers: '' };
  return { stem: list.slice(start, end).join(''), markers: dropped.sort().join() };
}
