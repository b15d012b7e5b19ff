/**
 * @fileoverview The syntax-aware half of normalisation: one walk over the
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
 * (syntax/languages/, `NormalizeProfile`): this walk is the same for all.
 */
import { languageSpec, type NameLeaf, type SourceFile, type SyntaxNode } from '../syntax/index.js';

/** Leaves to replace (by start offset) and ranges whose leaves are dropped. */
export interface NormalizePlan {
  readonly replace: ReadonlyMap<number, readonly string[]>;
  /** Sorted, non-overlapping [start, end) offsets of erased type syntax. */
  readonly erased: ReadonlyArray<readonly [number, number]>;
}

export { LOCAL_NAME } from '../syntax/index.js';

/** A node type as the walk sees it, cached by type id (reading an id is cheaper than a name). */
interface TypeEntry {
  readonly name: string;
  readonly named: boolean;
  readonly isName: boolean;
}
const typeTables = new Map<string, TypeEntry[]>();

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
 * `planRange` would make it), in one TreeCursor walk: nested ranges (a
 * class and its methods) share the walk of their nodes instead of walking
 * them once per range. Ranges must be nested or disjoint, as syntax nodes
 * are. Node objects are only made for the few node types that declare
 * names, and ancestors are read from the walk's own stack.
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
  const { erasedTypes, castTypes, memberUnits, plannedTypes } = profile;
  let table = typeTables.get(file.language);
  if (!table) typeTables.set(file.language, (table = []));
  const cursor = file.tree.walk();
  // The ancestors of the cursor's node: types, starts and first-child types.
  const types: string[] = [];
  const starts: number[] = [];
  const firstTypes: Array<string | undefined> = [];

  const entryOf = (): TypeEntry => {
    const id = cursor.nodeTypeId;
    let entry = table![id];
    if (!entry) {
      const name = cursor.nodeType;
      entry = table![id] = { name, named: cursor.nodeIsNamed, isName: profile.nameLeafTypes.has(name) };
    }
    return entry;
  };

  // Brings `active` to the ranges holding `offset`; the walk moves forward, so ranges are passed once.
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

  // Visits the cursor's node; leaves the cursor where it found it.
  const visit = (): void => {
    const nodeStart = cursor.startIndex;
    const nodeEnd = cursor.endIndex;
    const depth = types.length;
    const first = depth > 0 && firstTypes[depth - 1] === undefined;
    enter(nodeStart);
    const inside = active.length > 0;
    if (!inside && (next >= pending.length || pending[next]!.start >= nodeEnd)) {
      if (first) firstTypes[depth - 1] = entryOf().name;
      return;
    }
    const entry = entryOf();
    const type = entry.name;
    if (first) firstTypes[depth - 1] = type;
    if (inside) {
      if (erasedTypes.has(type)) {
        for (const plan of active) plan.erased.push([nodeStart, nodeEnd]);
        return;
      }
      if (entry.named && plannedTypes.has(type)) planNode(cursor.currentNode, type, depth > 0 ? starts[depth - 1] : undefined);
    }
    if (!cursor.gotoFirstChild()) {
      if (inside && entry.isName) addLeaf(type, nodeStart, text.slice(nodeStart, nodeEnd), first);
      return;
    }
    types.push(type);
    starts.push(nodeStart);
    firstTypes.push(undefined);
    if (inside && castTypes.has(type) && castValue(nodeEnd)) return;
    do visit();
    while (cursor.gotoNextSibling());
    leave();
  };

  const leave = (): void => {
    cursor.gotoParent();
    types.pop();
    starts.pop();
    firstTypes.pop();
  };

  // At a cast's first child: visits its value and erases the rest, or returns false when it has none.
  const castValue = (castEnd: number): boolean => {
    const holders = [...active];
    do {
      if (!cursor.nodeIsNamed) continue;
      visit();
      for (const plan of holders) plan.erased.push([cursor.endIndex, castEnd]);
      leave();
      return true;
    } while (cursor.gotoNextSibling());
    // No value: visit every child, as for any other node.
    while (cursor.gotoPreviousSibling());
    return false;
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

  const addLeaf = (type: string, leafStart: number, leafText: string, firstChild: boolean): void => {
    const depth = types.length;
    const parentType = types[depth - 1];
    // A member's own name: where the member is declared, when the member is the unit (its container starts outside the range).
    const memberSite = parentType !== undefined && memberUnits.has(parentType);
    const containerStart = memberSite && depth > 1 ? starts[depth - 2]! : undefined;
    // The object of a member expression is its first child.
    const thisMember = !memberSite && parentType === 'member_expression' && firstTypes[depth - 1] === 'this';
    for (const plan of active) {
      const ownNameSite = memberSite ? (containerStart ?? plan.start) < plan.start : thisMember;
      plan.leaves.push({ type, startIndex: leafStart, text: leafText, ownNameSite, parentType, firstChild });
    }
  };

  visit();
  return plans.map((plan) => {
    for (const leaf of plan.leaves) {
      // A dropped name leaf (the package of a Go qualified type) stays dropped.
      if (!plan.replace.has(leaf.startIndex)) plan.replace.set(leaf.startIndex, profile.mapName(leaf, plan.declared, plan.ownNames));
    }
    return { replace: plan.replace, erased: plan.erased.sort((a, b) => a[0] - b[0]) };
  });
}
