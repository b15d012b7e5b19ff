/**
 * @fileoverview A tree-sitter grammar, compiled into the syntax binding
 * (binding.gyp builds the grammar packages' generated sources into it), in
 * the shape the grammar packages export (`{ language }`), so the parser
 * code takes either.
 */
import { syntaxBinding } from '../native.js';
import type { LanguageId } from './types.js';

/** The compiled-in grammar of `language`. */
export function loadGrammar(language: LanguageId): unknown {
  return syntaxBinding().grammar(language);
}
