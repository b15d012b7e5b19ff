/**
 * @fileoverview The syntax kernel: the only layer that knows tree-sitter.
 * Rules and the indexer import from here, never from tree-sitter directly.
 */
export {
  LANGUAGE_IDS,
  languageForPath,
  SOURCE_EXTENSIONS,
  languageSpec,
  type LanguageId,
  type NameLeaf,
  type NormalizeProfile,
  type StatementTypes,
  type UnitTypes,
} from './languages/index.js';
export type { SyntaxNode } from './parse.js';
export { defaultThreads, runInOrder, serveJobs } from './ordered-pool.js';
export { SYNTAX_BINDING_FIX, SyntaxBindingError } from './native.js';
export { createSourceFiles, PARSE_POOL_MIN_FILES, type ParseJob } from './parse-pool.js';
export { countCodeLines, createSourceFile, splitLines, tokenText, type SourceFile, type Token } from './source-file.js';
export { firstTokenAt } from './tokens.js';
export {
  boundName,
  qualifiedName,
  FUNCTION_VALUE_TYPES,
  isFunctionValue,
  isParameterUsed,
  type Declaration,
  type DeclarationKind,
} from './declarations/index.js';
