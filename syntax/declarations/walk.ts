/**
 * @fileoverview The one walk a file gets: over its node table (every node in
 * pre-order, see node-table.ts), it hands each leaf to the token sink
 * (tokens.ts) and each node of a declaring type to `visit` (the language's
 * walker: visit.ts for ECMAScript, languages/python-walker.ts,
 * languages/go-walker.ts), keeping a stack of frames for the ancestors of
 * the node being visited. Which node types are comments, documentation,
 * atoms or declaring is the language's walk profile (languages/types.ts).
 *
 * The walk is linear in the size of the tree, and "renders JSX" is found in
 * the same pass by flagging each open node that has a JSX descendant as the
 * walk leaves it.
 */
import type { LanguageId, LanguageSpec } from '../languages/types.js';
import { ERROR_SYMBOL, type NodeTable } from '../node-table.js';
import type { SyntaxNode, Tree } from '../parse.js';
import type { TokenSink } from '../tokens.js';
import { bindingName, WRAPPERS } from './names.js';
import type { BoundValue, Declaration, DeclarationKind, Modifier } from './types.js';

/** A node the walk is inside of (an ancestor of the node being visited). */
interface Frame {
  readonly type: string;
  /** One past its subtree in the node table. */
  readonly subtreeEnd: number;
  /** The node, when the walk made one (declaring types and assignments only). */
  readonly node: SyntaxNode | undefined;
  /** The type of its first child: the keyword of a `const`/`let`/`var` statement. */
  firstChildType: string | undefined;
  /** The container of declarations below this node. */
  readonly container: string | undefined;
  /** Modifier sets that get `rendersJsx` when this node has a JSX descendant. */
  readonly jsxTargets: Set<Modifier>[] | undefined;
  hasJsx: boolean;
  /** For object and class frames: the name the value is bound to, once computed. */
  owner?: string | null;
}

/**
 * What the walk does with a node type: nothing; note JSX; visit the node;
 * keep it in its frame (an assignment names the value on its right); visit
 * a property name when it is an enum member; ask whether the node is
 * documentation; record the node as one token without its children.
 */
type Role = 'pass' | 'jsx' | 'declares' | 'keep' | 'propertyName' | 'documentation' | 'atom';

interface TypeInfo {
  readonly name: string;
  readonly role: Role;
  readonly isComment: boolean;
}

// Per language, by node type id.
const typeTables = new Map<LanguageId, TypeInfo[]>();

function typeInfo(table: TypeInfo[], nodes: NodeTable, i: number, spec: LanguageSpec): TypeInfo {
  // ERROR's id is 0xffff; storing it there would turn the table into a slow sparse array.
  // Slot 0 is free: symbol 0 is the end of input, never a node.
  const symbol = nodes.typeId(i);
  const id = symbol === ERROR_SYMBOL ? 0 : symbol;
  let info = table[id];
  if (info === undefined) {
    const profile = spec.walk;
    const name = nodes.typeName(i);
    // Anonymous nodes (keywords like `class` and `function`) share names with named types.
    let role: Role = 'pass';
    if (nodes.isNamed(i)) {
      if (profile.jsxTypes.has(name)) role = 'jsx';
      else if (name === profile.enumMemberType) role = 'propertyName';
      else if (profile.declaringTypes.has(name)) role = 'declares';
      else if (profile.keptTypes.has(name)) role = 'keep';
      else if (profile.documentationTypes.has(name)) role = 'documentation';
      else if (profile.atomTypes.has(name)) role = 'atom';
    }
    info = table[id] = { name, role, isComment: profile.commentTypes.has(name) };
  }
  return info;
}

/**
 * One walk over a file. Ancestors are read from the frame stack, which also
 * carries what the walk decided for each open node (container, JSX targets,
 * bound names). Subclasses say what a declaring node declares (`visit`).
 */
export abstract class NodeWalker {
  readonly out: Declaration[] = [];
  /** Values bound without a declaration (see `BoundValue`), in source order. */
  readonly bound: BoundValue[] = [];
  private nodes!: NodeTable;
  /** The table index of the node being visited while `visit` runs. */
  private current = 0;
  protected readonly frames: Frame[] = [];
  // What visiting the current node decided for its subtree.
  protected container: string | undefined;
  protected jsxTargets: Set<Modifier>[] | undefined;
  // Leaves before this offset are documentation (counted as comments); 0: none open.
  private documentationEnd = 0;
  // `scopeStart:name` of names already declared, for languages where assigning declares.
  private readonly scoped = new Set<string>();

  /** Walks `tree`, handing its leaves to `tokens`; returns the declarations. */
  run(tree: Tree, spec: LanguageSpec, tokens: TokenSink): Declaration[] {
    let table = typeTables.get(spec.id);
    if (!table) typeTables.set(spec.id, (table = []));
    const nodes = (this.nodes = tree.nodes);
    const frames = this.frames;
    // Pre-order: declarations come out in source order, outer first.
    for (let i = 0; i < nodes.count; i++) {
      while (frames.length > 0 && frames[frames.length - 1]!.subtreeEnd <= i) this.leave();
      this.current = i;
      const parent = frames[frames.length - 1];
      const { name: type, role, isComment } = typeInfo(table, nodes, i, spec);
      if (parent && parent.firstChildType === undefined) parent.firstChildType = type;
      this.container = parent?.container;
      this.jsxTargets = undefined;
      let node: SyntaxNode | undefined;
      if (role === 'jsx') {
        if (parent) parent.hasJsx = true;
      } else if (role === 'declares' || (role === 'propertyName' && parent?.type === 'enum_body')) {
        node = tree.node(i);
        this.visit(node, type);
      } else if (role === 'keep') {
        node = tree.node(i);
      } else if (role === 'documentation' && this.documentationEnd <= nodes.start(i)) {
        node = tree.node(i);
        if (spec.walk.isDocumentation?.(node)) this.documentationEnd = node.endIndex;
      }
      const subtreeEnd = nodes.subtreeEnd(i);
      if (role !== 'atom' && subtreeEnd > i + 1) {
        const { container, jsxTargets } = this;
        frames.push({ type, subtreeEnd, node, firstChildType: undefined, container, jsxTargets, hasJsx: false });
        continue;
      }
      const start = nodes.start(i);
      const isDocumentation = this.documentationEnd > 0 && start < this.documentationEnd;
      tokens.leaf(start, nodes.end(i), nodes.startRow(i), nodes.endRow(i), type, isComment || isDocumentation);
      // An atom is read as one token: its children are skipped.
      i = subtreeEnd - 1;
    }
    while (frames.length > 0) this.leave();
    return this.out;
  }

  /** The field the visited node fills in its parent (`right`, `value`, …), if any. */
  protected fieldName(): string | undefined {
    return this.nodes.fieldName(this.current);
  }

  /**
   * Records what `node` (of a declaring type) declares into `out`; may set
   * `container` and `jsxTargets` for its subtree.
   */
  protected abstract visit(node: SyntaxNode, type: string): void;

  /** Pops the frame of a finished node, passing "has a JSX descendant" up. */
  private leave(): void {
    const done = this.frames.pop()!;
    if (!done.hasJsx) return;
    for (const mods of done.jsxTargets ?? []) mods.add('rendersJsx');
    const up = this.frames[this.frames.length - 1];
    if (up) up.hasJsx = true;
  }

  /**
   * Whether `name` is declared here for the first time in its scope (the
   * innermost frame of a `scopeTypes` node, else the file): in Python and
   * Go, assigning (`x = …`, `x, err := …`) declares, and a name assigned
   * twice is one variable.
   */
  protected firstInScope(name: string, scopeTypes: ReadonlySet<string>): boolean {
    let scope = 0;
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i]!;
      if (frame.node && scopeTypes.has(frame.type)) {
        scope = frame.node.startIndex + 1;
        break;
      }
    }
    const key = `${scope}:${name}`;
    if (this.scoped.has(key)) return false;
    this.scoped.add(key);
    return true;
  }

  /** Records that `node` declares `name` (positions from the syntax tree) and returns the record. */
  protected record(
    node: SyntaxNode,
    name: SyntaxNode,
    kind: DeclarationKind,
    modifiers: Set<Modifier>,
    container: string | undefined,
    owner?: SyntaxNode,
  ): Declaration {
    // Rows from the node table; one position object for the name's column.
    const { row, column } = name.startPosition;
    const declaration: { -readonly [K in keyof Declaration]: Declaration[K] } = {
      name: name.text,
      kind,
      modifiers,
      line: row + 1,
      column: column + 1,
      startLine: this.nodes.startRow(node.index) + 1,
      endLine: this.nodes.endRow(node.index) + 1,
      node,
      nameNode: name,
    };
    if (container !== undefined) declaration.container = container;
    if (owner !== undefined) declaration.owner = owner;
    this.out.push(declaration);
    return declaration;
  }

  /** The type of the visited node's k-th ancestor (1: its parent). */
  protected ancestorType(k: number): string | undefined {
    return this.frames[this.frames.length - k]?.type;
  }

  /** Whether the visited node is exported (`export function`, `export const x = …`). */
  protected exported(): boolean {
    return this.ancestorType(1) === 'export_statement' || this.ancestorType(2) === 'export_statement';
  }

  /**
   * `boundName` of the node at frame depth `index` (the visited node itself
   * when `index` is frames.length), read from the frames; memoised per frame.
   */
  protected ownerOf(index: number): string | undefined {
    const frames = this.frames;
    const memo = frames[index]?.owner;
    if (memo !== undefined) return memo ?? undefined;
    let i = index;
    while (i > 0 && WRAPPERS.has(frames[i - 1]!.type)) i--;
    const parent = frames[i - 1];
    const owner = bindingName(parent?.type, parent?.node, () => this.ownerOf(i - 2));
    const frame = frames[index];
    if (frame) frame.owner = owner ?? null;
    return owner;
  }
}
