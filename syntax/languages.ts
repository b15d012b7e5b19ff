/**
 * @fileoverview The language registry: which tree-sitter grammar reads which
 * file. Adding a language is one entry here plus its node-type tables in
 * `declarations.ts`.
 */
import JavaScript from 'tree-sitter-javascript';
import TypeScript from 'tree-sitter-typescript';

export type LanguageId = 'typescript' | 'tsx' | 'javascript';

interface LanguageEntry {
  readonly id: LanguageId;
  readonly extensions: readonly string[];
  /** The grammar object tree-sitter's `setLanguage` takes. */
  readonly grammar: unknown;
}

const LANGUAGES: readonly LanguageEntry[] = [
  { id: 'typescript', extensions: ['.ts', '.mts', '.cts'], grammar: TypeScript.typescript },
  { id: 'tsx', extensions: ['.tsx'], grammar: TypeScript.tsx },
  // tree-sitter-javascript parses JSX too, so .jsx needs no grammar of its own.
  { id: 'javascript', extensions: ['.js', '.mjs', '.cjs', '.jsx'], grammar: JavaScript },
];

/** The language of a path by its extension, or undefined when we cannot read it. */
export function languageForPath(path: string): LanguageId | undefined {
  const lower = path.toLowerCase();
  // Declaration files describe shapes, not code: nothing to count or index.
  if (/\.d\.[mc]?ts$/.test(lower)) return undefined;
  return LANGUAGES.find((l) => l.extensions.some((ext) => lower.endsWith(ext)))?.id;
}

export function grammarFor(id: LanguageId): unknown {
  const entry = LANGUAGES.find((l) => l.id === id);
  if (!entry) throw new Error(`unknown language "${id}"`);
  return entry.grammar;
}
