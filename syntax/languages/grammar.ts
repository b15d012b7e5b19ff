/**
 * @fileoverview Loads a tree-sitter grammar package when a language is first
 * parsed. Grammars are native CommonJS modules; `require` through
 * `createRequire` keeps them out of the static import graph, so start-up
 * opens only the grammars of the files a run actually parses.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The grammar package `name` (cached by Node after the first load). */
export function loadGrammar<T = unknown>(name: string): T {
  return require(name) as T;
}
