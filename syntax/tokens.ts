/**
 * @fileoverview The leaf tokens of a syntax tree, collected during the one
 * walk a file gets (declarations/walk.ts) instead of a walk of their own;
 * offsets and rows come from the node table.
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

  constructor(private readonly text: string) {}

  /**
   * Records a leaf of `type` spanning `startIndex..endIndex`, whose start
   * and end positions are on rows `startRow` and `endPositionRow`;
   * zero-width leaves are MISSING nodes inserted by error recovery.
   */
  leaf(startIndex: number, endIndex: number, startRow: number, endPositionRow: number, type: string, isComment: boolean): void {
    if (endIndex <= startIndex) return;
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
}

/** Index of the first token starting at or after `offset` (binary search). */
export function firstTokenAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]!.startIndex < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
