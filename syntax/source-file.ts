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
  const tokens = collectTokens(tree);
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

function collectTokens(tree: Tree): Token[] {
  const tokens: Token[] = [];
  const cursor = tree.walk();
  // Iterative pre-order walk: a cursor avoids allocating a node per step.
  for (;;) {
    if (cursor.gotoFirstChild()) continue;
    // A leaf: zero-width leaves are MISSING nodes inserted by error recovery.
    if (cursor.endIndex > cursor.startIndex) {
      const type = cursor.nodeType;
      const end = cursor.endPosition;
      tokens.push({
        type,
        startIndex: cursor.startIndex,
        endIndex: cursor.endIndex,
        startRow: cursor.startPosition.row,
        // A token ending in a newline ends at column 0 of the next row.
        endRow: end.column === 0 && end.row > cursor.startPosition.row ? end.row - 1 : end.row,
        isComment: COMMENT_TYPES.has(type),
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
