/**
 * @fileoverview A parsed file as rules and the indexer see it: text, lines,
 * the syntax tree, its leaf tokens and which lines hold code. Built once per
 * file so every rule and the chunker share one parse.
 */
import type { LanguageId } from './languages.js';
import { parseTree, type SyntaxNode, type Tree } from './parse.js';

/** A leaf of the syntax tree. Offsets are UTF-16 indexes into the text. */
export interface Token {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
  /** 0-based rows of the first and the last character. */
  readonly startRow: number;
  readonly endRow: number;
  readonly isComment: boolean;
}

export interface SourceFile {
  readonly path: string;
  readonly language: LanguageId;
  readonly text: string;
  readonly lines: readonly string[];
  readonly tree: Tree;
  readonly root: SyntaxNode;
  /** All leaves in source order, comments included. */
  readonly tokens: readonly Token[];
  /** `codeLines[row]` is 1 when that 0-based row holds code. */
  readonly codeLines: Uint8Array;
  readonly codeLineCount: number;
}

// Shebangs count as comments, as in ESLint.
const COMMENT_TYPES = new Set(['comment', 'html_comment', 'hash_bang_line']);

/** Parses `text` and classifies its lines. */
export function createSourceFile(path: string, text: string, language: LanguageId): SourceFile {
  const tree = parseTree(text, language);
  const lines = splitLines(text);
  const tokens = collectTokens(tree, text, language);
  const codeLines = classifyCodeLines(lines, tokens);
  let codeLineCount = 0;
  for (const flag of codeLines) codeLineCount += flag;
  return { path, language, text, lines, tree, root: tree.rootNode, tokens, codeLines, codeLineCount };
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

// Per language, by node type id: the type name and whether it is a comment.
const tokenTypes = new Map<LanguageId, Array<{ readonly type: string; readonly isComment: boolean }>>();

/**
 * The leaves of `tree` in source order. Rows come from counting `\n` in
 * `text` as the walk moves forward (tree-sitter rows break at `\n` only),
 * so no position object is made per leaf.
 */
function collectTokens(tree: Tree, text: string, language: LanguageId): Token[] {
  let types = tokenTypes.get(language);
  if (!types) tokenTypes.set(language, (types = []));
  const tokens: Token[] = [];
  const cursor = tree.walk();
  // Row of offset `at`, and the first `\n` at or after `at` (-1: none).
  let at = 0;
  let row = 0;
  let newline = text.indexOf('\n');
  const rowOf = (offset: number): number => {
    if (offset < at) {
      at = 0;
      row = 0;
      newline = text.indexOf('\n');
    }
    while (newline !== -1 && newline < offset) {
      row++;
      newline = text.indexOf('\n', newline + 1);
    }
    at = offset;
    return row;
  };
  // Iterative pre-order walk: a cursor avoids allocating a node per step.
  for (;;) {
    if (cursor.gotoFirstChild()) continue;
    // A leaf: zero-width leaves are MISSING nodes inserted by error recovery.
    const startIndex = cursor.startIndex;
    const endIndex = cursor.endIndex;
    if (endIndex > startIndex) {
      const id = cursor.nodeTypeId;
      let info = types[id];
      if (!info) {
        const type = cursor.nodeType;
        info = types[id] = { type, isComment: COMMENT_TYPES.has(type) };
      }
      const startRow = rowOf(startIndex);
      const endPositionRow = rowOf(endIndex);
      // A token ending in a newline ends at column 0 of the next row.
      const endsLine = text.charCodeAt(endIndex - 1) === 10;
      tokens.push({
        type: info.type,
        startIndex,
        endIndex,
        startRow,
        endRow: endsLine && endPositionRow > startRow ? endPositionRow - 1 : endPositionRow,
        isComment: info.isComment,
      });
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return tokens;
    }
  }
}

/**
 * A line is code when it is not blank and some non-comment token covers it.
 * So `x; // note` is code, comment-only lines are not, and non-blank lines
 * inside multi-line strings and template literals are code (as ESLint's
 * max-lines with skipComments and skipBlankLines counts them).
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
