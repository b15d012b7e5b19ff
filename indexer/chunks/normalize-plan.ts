/**
 * @fileoverview The syntax-aware half of normalisation: one pass over the
 * nodes of one or more ranges decides, per leaf, what the token stream
 * shows instead of the leaf's type (what each node means for names is in
 * the language modules under syntax/languages/). normalize.ts applies the
 * plan while it reads tokens.
 *
 * - Names declared inside the range (the unit's own name, parameters,
 *   locals, catch and for bindings, inner functions and classes, labels)
 *   become `ID`: renaming them is not a change.
 * - Other names keep their text: member and key names (`.push`, `{ width: … }`)
 *   and free names (imported or global functions, classes, called APIs).
 *   Two functions that differ only in what they touch are then different.
 * - Shorthand `{ a }` reads as `a : <a>`, so `{ a }` and `{ a: b }` agree
 *   when `b` is local; the parentheses of a lone arrow parameter are dropped.
 * - Type annotations, type arguments and parameters, and the type of `as` /
 *   `satisfies` casts are erased: a copy without its types is the same code.
 *
 * Which node types mean what is the language module's business
 * (syntax/languages/, `NormalizeProfile`): this pass is the same for all.
 */
import { languageSpec, type NameLeaf, type SourceFile, type SyntaxNode } from '../../syntax/index.js';

/** Leaves to replace (by start offset) and ranges whose leaves are dropped. */
export interface NormalizePlan {
  readonly replace: ReadonlyMap<number, readonly string[]>;
  /** Sorted, non-overlapping [start, end) offsets of erased type syntax. */
  readonly erased: ReadonlyArray<readonly [number, number]>;
}

/** A plan being built for one range. */
interface RangePlan {
  readonly start: number;
  readonly end: number;
  readonly declared: Set<string>;
  readonly ownNames: Set<string>;
  readonly erased: Array<[number, number]>;
  readonly leaves: NameLeaf[];
  readonly replace: Map<number, string[]>;
}

/** Plans the normalisation of the leaves of `file` starting in [start, end); see `planRanges`. */
export function planRange(file: SourceFile, start: number, end: number): NormalizePlan {
  return planRanges(file, [[start, end]])[0]!;
}

/**
 * Plans the normalisation of several ranges of `file` (each plan as
 * `planRange` would make it), in one pass over the file's node table:
 * nested ranges (a class and its methods) share the pass over their nodes
 * instead of one pass per range. Ranges must be nested or disjoint, as
 * syntax nodes are. Subtrees outside every range are skipped.
 */
export function planRanges(file: SourceFile, ranges: ReadonlyArray<readonly [number, number]>): NormalizePlan[] {
  const plans = ranges.map(([start, end]): RangePlan => ({
    start,
    end,
    declared: new Set(),
    ownNames: new Set(),
    erased: [],
    leaves: [],
    replace: new Map(),
  }));
  // Outer ranges first where they start together, so `active` is a chain from the outermost.
  const pending = [...plans].sort((a, b) => a.start - b.start || b.end - a.end);
  let next = 0;
  // The ranges the current node starts in: it is "inside" each of them.
  const active: RangePlan[] = [];
  const text = file.text;
  const profile = languageSpec(file.language).normalize;
  const { erasedTypes, castTypes, memberUnits, plannedTypes, nameLeafTypes } = profile;
  const tree = file.tree;
  const nodes = tree.nodes;

  // Brings `active` to the ranges holding `offset`; the pass moves forward, so ranges are passed once.
  const enter = (offset: number): void => {
    while (active.length > 0 && active[active.length - 1]!.end <= offset) active.pop();
    while (next < pending.length && pending[next]!.start <= offset) {
      const range = pending[next++]!;
      if (range.end > offset) {
        while (active.length > 0 && active[active.length - 1]!.end < range.end) active.pop();
        active.push(range);
      }
    }
  };

  // Visits node `root` and its subtree, depth first on an explicit stack: machine-made code nests thousands deep.
  const visit = (root: number): void => {
    const stack: Array<number | (() => void)> = [root];
    while (stack.length > 0) {
      const step = stack.pop()!;
      if (typeof step === 'number') visitNode(step, stack);
      else step();
    }
  };

  // Plans node `i` and pushes what remains of its subtree onto `stack`.
  const visitNode = (i: number, stack: Array<number | (() => void)>): void => {
    const nodeStart = nodes.start(i);
    const nodeEnd = nodes.end(i);
    enter(nodeStart);
    const inside = active.length > 0;
    if (!inside && (next >= pending.length || pending[next]!.start >= nodeEnd)) return;
    const type = nodes.typeName(i);
    const parent = nodes.parent(i);
    if (inside) {
      if (erasedTypes.has(type)) {
        for (const plan of active) plan.erased.push([nodeStart, nodeEnd]);
        return;
      }
      if (nodes.isNamed(i) && plannedTypes.has(type)) planNode(tree.node(i), type, parent >= 0 ? nodes.start(parent) : undefined);
    }
    const end = nodes.subtreeEnd(i);
    if (end === i + 1) {
      if (inside && nameLeafTypes.has(type)) addLeaf(i, type, nodeStart, text.slice(nodeStart, nodeEnd));
      return;
    }
    // A cast's value (its first named child) is visited and the rest erased.
    const value = inside && castTypes.has(type) ? firstNamedChild(i, end) : undefined;
    if (value !== undefined) {
      const holders = [...active];
      stack.push(() => {
        for (const plan of holders) plan.erased.push([nodes.end(value), nodeEnd]);
      });
      stack.push(value);
      return;
    }
    const children: number[] = [];
    for (let child = i + 1; child < end; child = nodes.subtreeEnd(child)) children.push(child);
    for (let c = children.length - 1; c >= 0; c--) stack.push(children[c]!);
  };

  const firstNamedChild = (i: number, end: number): number | undefined => {
    for (let child = i + 1; child < end; child = nodes.subtreeEnd(child)) if (nodes.isNamed(child)) return child;
    return undefined;
  };

  // What a node of a planned type declares, for every range it is inside of.
  const planNode = (node: SyntaxNode, type: string, containerStart: number | undefined): void => {
    if (memberUnits.has(type)) {
      // The member is the unit when its container starts outside the range.
      const name = profile.memberName(node);
      if (name === undefined || containerStart === undefined) return;
      for (const plan of active) if (containerStart < plan.start) plan.ownNames.add(name);
      return;
    }
    const names = profile.declaredNames(node, type);
    for (const plan of active) for (const name of names) plan.declared.add(name);
    const dropped = profile.droppedLeaves(node, type);
    for (const plan of active) for (const offset of dropped) plan.replace.set(offset, []);
  };

  const addLeaf = (leaf: number, type: string, leafStart: number, leafText: string): void => {
    const parent = nodes.parent(leaf);
    const parentType = parent >= 0 ? nodes.typeName(parent) : undefined;
    // A member's own name: where the member is declared, when the member is the unit (its container starts outside the range).
    const memberSite = parentType !== undefined && memberUnits.has(parentType);
    const grandparent = parent >= 0 ? nodes.parent(parent) : -1;
    const containerStart = memberSite && grandparent >= 0 ? nodes.start(grandparent) : undefined;
    // The object of a member expression is its first child, which follows the parent in the table.
    const thisMember = !memberSite && parentType === 'member_expression' && nodes.typeName(parent + 1) === 'this';
    // A first child follows its parent in the table.
    const firstChild = parent >= 0 && parent === leaf - 1;
    for (const plan of active) {
      const ownNameSite = memberSite ? (containerStart ?? plan.start) < plan.start : thisMember;
      plan.leaves.push({ type, startIndex: leafStart, text: leafText, ownNameSite, parentType, firstChild });
    }
  };

  if (nodes.count > 0) visit(0);
  return plans.map((plan) => {
    for (const leaf of plan.leaves) {
      // A dropped name leaf (the package of a Go qualified type) stays dropped.
      if (!plan.replace.has(leaf.startIndex)) plan.replace.set(leaf.startIndex, profile.mapName(leaf, plan.declared, plan.ownNames));
    }
    return { replace: plan.replace, erased: plan.erased.sort((a, b) => a[0] - b[0]) };
  });
}
