/**
 * @fileoverview The leaf tokens of a syntax tree, collected during the one
 * cursor walk a file gets (declarations/walk.ts) instead of a walk of their
 * own. Rows come from counting `\n` in the text as the walk moves forward
 * (tree-sitter rows break at `\n` only), so no position object is made per
 * leaf.
 */
/** A leaf of the syntax tree. Offsets are UTF-16 indexes into the text. */
export interface Token {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
  /** 0-based rows of the first and the last character. */
  readonly startRow: number;
  readonly endRow: number;
  /** A comment, or documentation (a Python docstring): not code. */
  readonly isComment: boolean;
}

/** Collects the leaves a walk passes, in source order. */
export class TokenSink {
  readonly tokens: Token[] = [];
  // Row of offset `at`, and the first `\n` at or after `at` (-1: none).
  private at = 0;
  private row = 0;
  private newline: number;

  constructor(private readonly text: string) {
    this.newline = text.indexOf('\n');
  }

  /** Records a leaf of `type`; zero-width leaves are MISSING nodes inserted by error recovery. */
  leaf(startIndex: number, endIndex: number, type: string, isComment: boolean): void {
    if (endIndex <= startIndex) return;
    const startRow = this.rowOf(startIndex);
    const endPositionRow = this.rowOf(endIndex);
    // A token ending in a newline ends at column 0 of the next row.
    const endsLine = this.text.charCodeAt(endIndex - 1) === 10;
    this.tokens.push({
      type,
      startIndex,
      endIndex,
      startRow,
      endRow: endsLine && endPositionRow > startRow ? endPositionRow - 1 : endPositionRow,
      isComment,
    });
  }

  private rowOf(offset: number): number {
    if (offset < this.at) {
      this.at = 0;
      this.row = 0;
      this.newline = this.text.indexOf('\n');
    }
    while (this.newline !== -1 && this.newline < offset) {
      this.row++;
      this.newline = this.text.indexOf('\n', this.newline + 1);
    }
    this.at = offset;
    return this.row;
  }
}
