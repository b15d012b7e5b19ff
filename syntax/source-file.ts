/**
 * @fileoverview A parsed file as rules and the indexer see it: text, lines,
 * the syntax tree, its leaf tokens, its declarations and which lines hold code. Built once per
 * file so every rule and the chunker share one parse.
 */
import type { BoundValue, Declaration } from './declarations/types.js';
import { languageSpec, type LanguageId } from './languages/index.js';
import { parseTree, type SyntaxNode, type Tree } from './parse.js';
import { TokenSink, type Token } from './tokens.js';

export type { Token } from './tokens.js';

export interface SourceFile {
  readonly path: string;
  readonly language: LanguageId;
  readonly text: string;
  readonly lines: readonly string[];
  readonly tree: Tree;
  readonly root: SyntaxNode;
  /** All leaves in source order, comments included. */
  readonly tokens: readonly Token[];
  /** Every named declaration, in source order (see declarations/). */
  readonly declarations: readonly Declaration[];
  /** Function values and classes bound to a name without a declaration, in source order. */
  readonly boundValues: readonly BoundValue[];
  /** `codeLines[row]` is 1 when that 0-based row holds code. */
  readonly codeLines: Uint8Array;
  readonly codeLineCount: number;
}

/**
 * Parses `text`, then one walk over its nodes collects its tokens and
 * declarations, and classifies its lines.
 */
export function createSourceFile(path: string, text: string, language: LanguageId): SourceFile {
  return sourceFileOf(path, parseTree(text, language), language);
}

/** The source file of a parsed tree (parsed here or by the parse pool). */
export function sourceFileOf(path: string, tree: Tree, language: LanguageId): SourceFile {
  const text = tree.text;
  const lines = splitLines(text);
  const sink = new TokenSink(text);
  const spec = languageSpec(language);
  const walker = spec.walk.createWalker();
  const declarations = Object.freeze(walker.run(tree, spec, sink));
  const boundValues = Object.freeze(walker.bound);
  const tokens = sink.tokens;
  const codeLines = classifyCodeLines(lines, tokens);
  let codeLineCount = 0;
  for (const flag of codeLines) codeLineCount += flag;
  return { path, language, text, lines, tree, root: tree.rootNode, tokens, declarations, boundValues, codeLines, codeLineCount };
}

/**
 * The lines of `text` as tree-sitter counts rows: broken at `\n` only (a lone
 * `\r` is not a break), each without one trailing `\r`. `lines[row]` is the
 * text of 0-based row `row`; text ending in a newline has an empty last line.
 */
export function splitLines(text: string): string[] {
  return text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** The text of a token. */
export function tokenText(file: SourceFile, token: Token): string {
  return file.text.slice(token.startIndex, token.endIndex);
}

/**
 * A line is code when it is not blank and some non-comment token covers it.
 * So `x; // note` is code, comment-only lines are not, and non-blank lines
 * inside multi-line strings and template literals are code (as ESLint's
 * max-lines with skipComments and skipBlankLines counts them). Python
 * docstrings are documentation, not code (see languages/python.ts).
 */
function classifyCodeLines(lines: readonly string[], tokens: readonly Token[]): Uint8Array {
  const covered = new Uint8Array(lines.length);
  for (const token of tokens) {
    if (token.isComment) continue;
    for (let row = token.startRow; row <= token.endRow && row < lines.length; row++) covered[row] = 1;
  }
  for (let row = 0; row < lines.length; row++) {
    if (covered[row] && lines[row]!.trim() === '') covered[row] = 0;
  }
  return covered;
}

/** Code lines among the 0-based rows `startRow..endRow` (inclusive). */
export function countCodeLines(file: SourceFile, startRow: number, endRow: number): number {
  let count = 0;
  for (let row = startRow; row <= endRow; row++) count += file.codeLines[row] ?? 0;
  return count;
}
