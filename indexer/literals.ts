/**
 * @fileoverview Literal values of a piece of code and how far two sets of
 * them agree. The structural score erases literals on purpose (a renamed
 * copy is still a copy); the deterministic duplicate check uses this to tell
 * a copy from a parametric twin — `positive()` and `negative()` that differ
 * only in `"min"` vs `"max"` are the same shape but not the same code.
 */
import { createSourceFile, languageSpec, tokenText, type LanguageId } from '../syntax/index.js';

/** The string, number and regex literal values of `text`, in source order. */
export function literalValues(text: string, language: LanguageId): string[] {
  // Chunk text may be a bare method or a fragment: error recovery still yields its literals.
  const { literalTypes, literalValue, snippet } = languageSpec(language).normalize;
  const file = createSourceFile('snippet', snippet.rewrite ? snippet.rewrite(text) : text, language);
  const values = file.tokens.filter((t) => !t.isComment && literalTypes.has(t.type)).map((t) => tokenText(file, t));
  return literalValue ? values.map(literalValue) : values;
}

/** Multiset Jaccard of two literal lists: 1 when equal (or both empty), 0 when disjoint. */
export function literalAgreement(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const value of a) counts.set(value, (counts.get(value) ?? 0) + 1);
  let shared = 0;
  for (const value of b) {
    const left = counts.get(value) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(value, left - 1);
    }
  }
  return shared / (a.length + b.length - shared);
}
