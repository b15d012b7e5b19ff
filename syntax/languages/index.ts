/**
 * @fileoverview The language registry: which module reads which file.
 * Adding a language is one module under syntax/languages/ (grammar,
 * extensions, walk profile with its declaration walker, unit types,
 * normalisation profile) plus one entry here.
 */
import { javascript, tsx, typescript } from './ecmascript.js';
import { go } from './go.js';
import { python } from './python.js';
import type { LanguageId, LanguageSpec } from './types.js';

export type { LanguageId, NameLeaf, NormalizeProfile, StatementTypes, UnitTypes } from './types.js';

const LANGUAGES: readonly LanguageSpec[] = [typescript, tsx, javascript, python, go];

/** Every language id review-guard reads, in registry order. */
export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as [LanguageId, ...LanguageId[]];

/** Every file extension review-guard reads (`.ts`, `.py`, …), in registry order. */
export const SOURCE_EXTENSIONS: readonly string[] = LANGUAGES.flatMap((l) => l.extensions);

/** The language of a path by its extension, or undefined when we cannot read it. */
export function languageForPath(path: string): LanguageId | undefined {
  const lower = path.toLowerCase();
  // Declaration files describe shapes, not code: nothing to count or index.
  if (/\.d\.[mc]?ts$/.test(lower)) return undefined;
  return LANGUAGES.find((l) => l.extensions.some((ext) => lower.endsWith(ext)))?.id;
}

/** The module of a language. */
export function languageSpec(id: LanguageId): LanguageSpec {
  const entry = LANGUAGES.find((l) => l.id === id);
  if (!entry) throw new Error(`unknown language "${id}"`);
  return entry;
}

export function grammarFor(id: LanguageId): unknown {
  return languageSpec(id).grammar();
}
