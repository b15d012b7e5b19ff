/**
 * @fileoverview Every node of a syntax tree in pre-order, as columns of one
 * buffer filled by the syntax binding (native.ts) in a single native call.
 * The walk, normalisation planning and `SyntaxNode` all read these columns:
 * an array read is far cheaper than a call into native code per node.
 *
 * Node `i`'s subtree is `i .. subtreeEnd(i) - 1`; its first child, if any,
 * is `i + 1`, and each next sibling starts where the previous subtree ends.
 * Offsets are UTF-16 indexes into the text; rows are 0-based.
 */
import { COLUMN, FLAG, type ParsedColumns } from './native.js';

/** A grammar's names: node types by symbol id, field names by field id. */
export interface GrammarNames {
  readonly types: readonly string[];
  readonly fields: ReadonlyArray<string | undefined>;
}

/** tree-sitter's symbol for error-recovery nodes. */
export const ERROR_SYMBOL = 0xffff;

export class NodeTable {
  readonly count: number;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly startRows: Int32Array;
  private readonly endRows: Int32Array;
  private readonly parents: Int32Array;
  private readonly subtreeEnds: Int32Array;
  private readonly typeFields: Int32Array;
  private readonly flags: Int32Array;

  constructor(parsed: ParsedColumns, private readonly names: GrammarNames) {
    const n = parsed.count;
    const column = (k: number): Int32Array => new Int32Array(parsed.columns, k * n * 4, n);
    this.count = parsed.count;
    this.starts = column(COLUMN.start);
    this.ends = column(COLUMN.end);
    this.startRows = column(COLUMN.startRow);
    this.endRows = column(COLUMN.endRow);
    this.parents = column(COLUMN.parent);
    this.subtreeEnds = column(COLUMN.subtreeEnd);
    this.typeFields = column(COLUMN.typeField);
    this.flags = column(COLUMN.flags);
  }

  /** The grammar's symbol id of node `i` (what tree-sitter calls its type id). */
  typeId(i: number): number {
    return this.typeFields[i]! & 0xffff;
  }

  typeName(i: number): string {
    const id = this.typeFields[i]! & 0xffff;
    return id === ERROR_SYMBOL ? 'ERROR' : this.names.types[id]!;
  }

  /** The field node `i` fills in its parent (`name`, `body`, …), if any. */
  fieldName(i: number): string | undefined {
    return this.names.fields[this.typeFields[i]! >>> 16];
  }

  isNamed(i: number): boolean {
    return (this.flags[i]! & FLAG.named) !== 0;
  }

  /** Inserted by error recovery (zero width). */
  isMissing(i: number): boolean {
    return (this.flags[i]! & FLAG.missing) !== 0;
  }

  /** The subtree holds a syntax error. */
  hasError(i: number): boolean {
    return (this.flags[i]! & FLAG.hasError) !== 0;
  }

  start(i: number): number {
    return this.starts[i]!;
  }

  end(i: number): number {
    return this.ends[i]!;
  }

  startRow(i: number): number {
    return this.startRows[i]!;
  }

  endRow(i: number): number {
    return this.endRows[i]!;
  }

  /** The parent's index; -1 for the root. */
  parent(i: number): number {
    return this.parents[i]!;
  }

  /** One past the last node of `i`'s subtree. */
  subtreeEnd(i: number): number {
    return this.subtreeEnds[i]!;
  }
}
