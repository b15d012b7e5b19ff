/**
 * @fileoverview A parsed tree and its nodes, read from the node table
 * (node-table.ts). `SyntaxNode` offers the part of tree-sitter's node API
 * the kernel, rules and indexer use, with tree-sitter's meaning; every
 * getter is an array read. Node objects are made on first use and shared,
 * so one node is always the same object.
 */
import type { NodeTable } from './node-table.js';

/** A 0-based row and a column in UTF-16 code units. */
interface Point {
  readonly row: number;
  readonly column: number;
}

export class Tree {
  readonly rootNode: SyntaxNode;
  private readonly made: Array<SyntaxNode | undefined>;
  private lineStarts: number[] | undefined;

  constructor(
    readonly text: string,
    readonly nodes: NodeTable,
  ) {
    this.made = new Array<SyntaxNode | undefined>(nodes.count);
    this.rootNode = this.node(0);
  }

  /** The node at table index `i`. */
  node(i: number): SyntaxNode {
    return (this.made[i] ??= new SyntaxNode(this, i));
  }

  /** The column of `offset`, which lies on `row`. */
  column(row: number, offset: number): number {
    return offset - this.lineStart(row);
  }

  // tree-sitter breaks rows at `\n` only.
  private lineStart(row: number): number {
    if (!this.lineStarts) {
      const starts = [0];
      for (let at = this.text.indexOf('\n'); at !== -1; at = this.text.indexOf('\n', at + 1)) starts.push(at + 1);
      this.lineStarts = starts;
    }
    return this.lineStarts[Math.min(row, this.lineStarts.length - 1)]!;
  }
}

export class SyntaxNode {
  constructor(
    readonly tree: Tree,
    /** The node's index in its tree's node table. */
    readonly index: number,
  ) {}

  get type(): string {
    return this.tree.nodes.typeName(this.index);
  }

  get isNamed(): boolean {
    return this.tree.nodes.isNamed(this.index);
  }

  get isMissing(): boolean {
    return this.tree.nodes.isMissing(this.index);
  }

  get hasError(): boolean {
    return this.tree.nodes.hasError(this.index);
  }

  get startIndex(): number {
    return this.tree.nodes.start(this.index);
  }

  get endIndex(): number {
    return this.tree.nodes.end(this.index);
  }

  get startPosition(): Point {
    const row = this.tree.nodes.startRow(this.index);
    return { row, column: this.tree.column(row, this.startIndex) };
  }

  get endPosition(): Point {
    const row = this.tree.nodes.endRow(this.index);
    return { row, column: this.tree.column(row, this.endIndex) };
  }

  get text(): string {
    return this.tree.text.slice(this.startIndex, this.endIndex);
  }

  get parent(): SyntaxNode | null {
    const parent = this.tree.nodes.parent(this.index);
    return parent < 0 ? null : this.tree.node(parent);
  }

  get children(): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    this.eachChild((i) => out.push(this.tree.node(i)));
    return out;
  }

  get namedChildren(): SyntaxNode[] {
    const nodes = this.tree.nodes;
    const out: SyntaxNode[] = [];
    this.eachChild((i) => {
      if (nodes.isNamed(i)) out.push(this.tree.node(i));
    });
    return out;
  }

  get childCount(): number {
    let count = 0;
    this.eachChild(() => count++);
    return count;
  }

  get namedChildCount(): number {
    const nodes = this.tree.nodes;
    let count = 0;
    this.eachChild((i) => {
      if (nodes.isNamed(i)) count++;
    });
    return count;
  }

  get firstChild(): SyntaxNode | null {
    return this.hasChildren() ? this.tree.node(this.index + 1) : null;
  }

  get lastChild(): SyntaxNode | null {
    let last = -1;
    this.eachChild((i) => (last = i));
    return last < 0 ? null : this.tree.node(last);
  }

  /** The k-th child (0-based), stepping over the siblings before it. */
  child(k: number): SyntaxNode | null {
    const nodes = this.tree.nodes;
    const end = nodes.subtreeEnd(this.index);
    let n = 0;
    for (let i = this.index + 1; i < end; i = nodes.subtreeEnd(i), n++) if (n === k) return this.tree.node(i);
    return null;
  }

  /** The first child that fills field `name` (`name`, `body`, `parameters`, …). */
  childForFieldName(name: string): SyntaxNode | null {
    const nodes = this.tree.nodes;
    const end = nodes.subtreeEnd(this.index);
    for (let i = this.index + 1; i < end; i = nodes.subtreeEnd(i)) {
      if (nodes.fieldName(i) === name) return this.tree.node(i);
    }
    return null;
  }

  /** Descendants (this node included) of one of `types`, in source order. */
  descendantsOfType(types: string | readonly string[]): SyntaxNode[] {
    const wanted = new Set(typeof types === 'string' ? [types] : types);
    const nodes = this.tree.nodes;
    const out: SyntaxNode[] = [];
    const end = nodes.subtreeEnd(this.index);
    for (let i = this.index; i < end; i++) if (wanted.has(nodes.typeName(i))) out.push(this.tree.node(i));
    return out;
  }

  /**
   * The smallest node within this one that spans the offsets `start`..`end`,
   * as tree-sitter's `descendantForIndex` finds it: descending into the
   * first child that starts at or before the range and ends after its start
   * and at or after its end.
   */
  descendantForIndex(start: number, end: number = start): SyntaxNode {
    const nodes = this.tree.nodes;
    let node = this.index;
    for (let descended = true; descended; ) {
      descended = false;
      const last = nodes.subtreeEnd(node);
      for (let i = node + 1; i < last; i = nodes.subtreeEnd(i)) {
        if (nodes.end(i) < end || nodes.end(i) <= start) continue;
        if (start < nodes.start(i)) break;
        node = i;
        descended = true;
        break;
      }
    }
    return this.tree.node(node);
  }

  private hasChildren(): boolean {
    return this.tree.nodes.subtreeEnd(this.index) > this.index + 1;
  }

  private eachChild(each: (i: number) => void): void {
    const nodes = this.tree.nodes;
    const end = nodes.subtreeEnd(this.index);
    for (let i = this.index + 1; i < end; i = nodes.subtreeEnd(i)) each(i);
  }
}
