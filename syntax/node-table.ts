/**
 * @fileoverview Every node of a syntax tree in pre-order, as typed arrays,
 * recorded by the one cursor walk a file gets (declarations/walk.ts). Later
 * passes over the tree (normalisation planning) read these arrays instead of
 * walking the tree again: each cursor step and offset read is a call into
 * the native binding, an array read is not.
 *
 * Node `i`'s subtree is `i .. subtreeEnd(i) - 1`; its first child, if any,
 * is `i + 1`, and each next sibling starts where the previous subtree ends.
 * Offsets are UTF-16 indexes, as on tokens. An inner node's offsets are
 * those of its first and last leaf, which is how tree-sitter spans a node.
 * The walk does not descend into atoms (see `WalkProfile.atomTypes`), so
 * they are leaves here.
 */
import type { SyntaxNode } from './parse.js';

/** What the table knows of a node type id. */
export interface NodeTypeInfo {
  readonly name: string;
  readonly named: boolean;
}

export class NodeTable {
  private typeIds = new Uint16Array(256);
  private starts = new Int32Array(256);
  private ends = new Int32Array(256);
  private parents = new Int32Array(256);
  private subtreeEnds = new Int32Array(256);
  private made = new Map<number, SyntaxNode>();
  private length = 0;

  /** `types[id]` describes type id `id` (shared by every file of the language). */
  constructor(private readonly types: readonly NodeTypeInfo[]) {}

  /** Number of nodes. */
  get count(): number {
    return this.length;
  }

  typeName(i: number): string {
    return this.types[this.typeIds[i]!]!.name;
  }

  isNamed(i: number): boolean {
    return this.types[this.typeIds[i]!]!.named;
  }

  start(i: number): number {
    return this.starts[i]!;
  }

  end(i: number): number {
    return this.ends[i]!;
  }

  /** The parent's index; -1 for the root. */
  parent(i: number): number {
    return this.parents[i]!;
  }

  /** One past the last node of `i`'s subtree. */
  subtreeEnd(i: number): number {
    return this.subtreeEnds[i]!;
  }

  /** The node object, when the walk made one for `i` (nodes of the types it visits or keeps). */
  node(i: number): SyntaxNode | undefined {
    return this.made.get(i);
  }

  // Recording, by the walk only.

  /** Appends a node whose offsets and subtree are filled in later; returns its index. */
  open(typeId: number, parent: number): number {
    const i = this.length++;
    if (i === this.typeIds.length) this.grow();
    this.typeIds[i] = typeId;
    this.parents[i] = parent;
    return i;
  }

  setStart(i: number, start: number): void {
    this.starts[i] = start;
  }

  close(i: number, end: number): void {
    this.ends[i] = end;
    this.subtreeEnds[i] = this.length;
  }

  keep(i: number, node: SyntaxNode): void {
    this.made.set(i, node);
  }

  private grow(): void {
    const size = this.typeIds.length * 2;
    const widen = <T extends Uint16Array | Int32Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.typeIds = widen(this.typeIds, new Uint16Array(size));
    this.starts = widen(this.starts, new Int32Array(size));
    this.ends = widen(this.ends, new Int32Array(size));
    this.parents = widen(this.parents, new Int32Array(size));
    this.subtreeEnds = widen(this.subtreeEnds, new Int32Array(size));
  }
}
