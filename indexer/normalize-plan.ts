/**
 * @fileoverview The syntax-aware half of normalisation: one walk over the
 * nodes of a range decides, per leaf, what the token stream shows instead
 * of the leaf's type. normalize.ts applies the plan while it reads tokens.
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
 */
import type { SourceFile, SyntaxNode } from '../syntax/index.js';

/** Leaves to replace (by start offset) and ranges whose leaves are dropped. */
export interface NormalizePlan {
  readonly replace: ReadonlyMap<number, readonly string[]>;
  /** Sorted, non-overlapping [start, end) offsets of erased type syntax. */
  readonly erased: ReadonlyArray<readonly [number, number]>;
}

/** The placeholder of a name declared inside the range. */
export const LOCAL_NAME = 'ID';

const ERASED_TYPES = new Set([
  'type_annotation',
  'type_arguments',
  'type_parameters',
  'type_predicate_annotation',
  'asserts_annotation',
  'opting_type_annotation',
  'omitting_type_annotation',
]);
const CASTS = new Set(['as_expression', 'satisfies_expression']);
const NAMED_DECLARATIONS = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'class_declaration',
  'abstract_class_declaration',
  'class',
]);
// Members whose name is the unit's own name when the unit is the member itself.
const MEMBER_UNITS = new Set(['method_definition', 'pair', 'public_field_definition', 'field_definition']);
const NAME_LEAVES = new Set(['identifier', 'type_identifier', 'property_identifier', 'private_property_identifier']);

/** A name leaf, with what `mapName` needs to know about its parents. */
interface NameLeaf {
  readonly type: string;
  readonly startIndex: number;
  readonly text: string;
  /** The leaf names the member unit itself where it is declared, or is `this.<name>`. */
  readonly ownNameSite: boolean;
}

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
      entry = table![id] = { name, named: cursor.nodeIsNamed, isName: NAME_LEAF_TYPES.has(name) };
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
      if (ERASED_TYPES.has(type)) {
        for (const plan of active) plan.erased.push([nodeStart, nodeEnd]);
        return;
      }
      if (entry.named && PLANNED_TYPES.has(type)) planNode(cursor.currentNode, type, depth > 0 ? starts[depth - 1] : undefined);
    }
    if (!cursor.gotoFirstChild()) {
      if (inside && entry.isName) addLeaf(type, nodeStart, text.slice(nodeStart, nodeEnd));
      return;
    }
    types.push(type);
    starts.push(nodeStart);
    firstTypes.push(undefined);
    if (inside && CASTS.has(type) && castValue(nodeEnd)) return;
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
    if (MEMBER_UNITS.has(type)) {
      // The member is the unit when its container starts outside the range.
      const name = memberName(node);
      if (name === undefined || containerStart === undefined) return;
      for (const plan of active) if (containerStart < plan.start) plan.ownNames.add(name);
      return;
    }
    const names = declaredNames(node, type);
    for (const plan of active) for (const name of names) plan.declared.add(name);
    if (type === 'arrow_function') {
      const dropped = loneParameterParens(node);
      for (const plan of active) for (const offset of dropped) plan.replace.set(offset, []);
    }
  };

  const addLeaf = (type: string, leafStart: number, leafText: string): void => {
    const depth = types.length;
    const parentType = types[depth - 1];
    // A member's own name: where the member is declared, when the member is the unit (its container starts outside the range).
    const memberSite = parentType !== undefined && MEMBER_UNITS.has(parentType);
    const containerStart = memberSite && depth > 1 ? starts[depth - 2]! : undefined;
    // The object of a member expression is its first child.
    const thisMember = !memberSite && parentType === 'member_expression' && firstTypes[depth - 1] === 'this';
    for (const plan of active) {
      const ownNameSite = memberSite ? (containerStart ?? plan.start) < plan.start : thisMember;
      plan.leaves.push({ type, startIndex: leafStart, text: leafText, ownNameSite });
    }
  };

  visit();
  return plans.map((plan) => {
    for (const leaf of plan.leaves) plan.replace.set(leaf.startIndex, mapName(leaf, plan.declared, plan.ownNames));
    return { replace: plan.replace, erased: plan.erased.sort((a, b) => a[0] - b[0]) };
  });
}

// Leaves `mapName` maps.
const NAME_LEAF_TYPES = new Set([
  'identifier',
  'type_identifier',
  'property_identifier',
  'private_property_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'statement_identifier',
]);
// Named node types `collectDeclared` (or the lone-parameter rule) reads.
const PLANNED_TYPES = new Set([
  ...NAMED_DECLARATIONS,
  ...MEMBER_UNITS,
  'variable_declarator',
  'formal_parameters',
  'arrow_function',
  'catch_clause',
  'for_in_statement',
  'type_parameter',
  'ERROR',
]);

/** The names `node` (of a planned type other than a member unit) binds. */
function declaredNames(node: SyntaxNode, type: string): string[] {
  const out = new Set<string>();
  if (NAMED_DECLARATIONS.has(type) || type === 'type_parameter') {
    const name = node.childForFieldName('name');
    if (name) out.add(name.text);
  } else if (type === 'variable_declarator') {
    bindingNames(node.childForFieldName('name'), out);
  } else if (type === 'formal_parameters') {
    for (const param of node.namedChildren) {
      bindingNames(param.childForFieldName('pattern') ?? param, out);
    }
  } else if (type === 'arrow_function') {
    const param = node.childForFieldName('parameter');
    if (param) out.add(param.text);
  } else if (type === 'catch_clause') {
    bindingNames(node.childForFieldName('parameter'), out);
  } else if (type === 'for_in_statement' && node.childForFieldName('kind')) {
    bindingNames(node.childForFieldName('left'), out);
  } else if (type === 'ERROR') {
    // Recovery from incomplete code keeps `function f` / `class C` as loose leaves.
    for (let i = 0; i + 1 < node.childCount; i++) {
      const keyword = node.child(i)!.type;
      const next = node.child(i + 1)!;
      if ((keyword === 'function' || keyword === 'class') && next.type.endsWith('identifier')) out.add(next.text);
    }
  }
  return [...out];
}

/** The plain name of a member unit (method, object key, field), if it has one. */
function memberName(node: SyntaxNode): string | undefined {
  const name = node.childForFieldName('name') ?? node.childForFieldName('key') ?? node.childForFieldName('property');
  return name && NAME_LEAVES.has(name.type) ? name.text : undefined;
}

/** The names a binding pattern binds (not its keys, not its default values). */
function bindingNames(pattern: SyntaxNode | null, out: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      out.add(pattern.text);
      return;
    case 'pair_pattern':
      bindingNames(pattern.childForFieldName('value'), out);
      return;
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      bindingNames(pattern.childForFieldName('left'), out);
      return;
    case 'required_parameter':
    case 'optional_parameter':
      bindingNames(pattern.childForFieldName('pattern'), out);
      return;
    default:
      // object_pattern, array_pattern, rest_pattern: every part binds.
      for (const child of pattern.namedChildren) bindingNames(child, out);
  }
}

/** `(x) =>` reads like `x =>`: the offsets of the parentheses of a single plain parameter, which are formatting. */
function loneParameterParens(arrow: SyntaxNode): number[] {
  const params = arrow.childForFieldName('parameters');
  if (!params || params.namedChildCount !== 1) return [];
  const param = params.namedChildren[0]!;
  const plain =
    param.type === 'identifier' ||
    (param.type === 'required_parameter' &&
      param.childForFieldName('pattern')?.type === 'identifier' &&
      !param.childForFieldName('value') &&
      param.namedChildren.every((c) => c.type === 'identifier' || c.type === 'type_annotation'));
  if (!plain) return [];
  return params.children.filter((child) => child.type === '(' || child.type === ')').map((child) => child.startIndex);
}

/** The tokens a name leaf becomes. */
function mapName(leaf: NameLeaf, declared: ReadonlySet<string>, ownNames: ReadonlySet<string>): string[] {
  const text = leaf.text;
  switch (leaf.type) {
    case 'identifier':
    case 'type_identifier':
      return [declared.has(text) ? LOCAL_NAME : text];
    case 'property_identifier':
    case 'private_property_identifier':
      return [ownNames.has(text) && leaf.ownNameSite ? LOCAL_NAME : text];
    case 'shorthand_property_identifier':
      return [text, ':', declared.has(text) ? LOCAL_NAME : text];
    case 'shorthand_property_identifier_pattern':
      return [text, ':', LOCAL_NAME];
    default:
      // statement_identifier: a label.
      return [LOCAL_NAME];
  }
}
