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

/**
 * Plans the normalisation of the leaves of `file` starting in [start, end).
 * One TreeCursor walk; node objects are only made for the few node types
 * that declare names, and ancestors are read from the walk's own stack.
 */
export function planRange(file: SourceFile, start: number, end: number): NormalizePlan {
  const declared = new Set<string>();
  const ownNames = new Set<string>();
  const erased: Array<[number, number]> = [];
  const leaves: NameLeaf[] = [];
  const replace = new Map<number, string[]>();
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

  // Visits the cursor's node; leaves the cursor where it found it.
  const visit = (): void => {
    const nodeStart = cursor.startIndex;
    const nodeEnd = cursor.endIndex;
    const depth = types.length;
    const first = depth > 0 && firstTypes[depth - 1] === undefined;
    if (nodeEnd <= start || nodeStart >= end) {
      if (first) firstTypes[depth - 1] = entryOf().name;
      return;
    }
    const entry = entryOf();
    const type = entry.name;
    if (first) firstTypes[depth - 1] = type;
    const inside = nodeStart >= start;
    if (inside) {
      if (ERASED_TYPES.has(type)) {
        erased.push([nodeStart, nodeEnd]);
        return;
      }
      if (entry.named && PLANNED_TYPES.has(type)) {
        const node = cursor.currentNode;
        collectDeclared(node, type, depth > 0 ? starts[depth - 1]! : undefined, start, declared, ownNames);
        if (type === 'arrow_function') dropLoneParameterParens(node, replace);
      }
    }
    if (!cursor.gotoFirstChild()) {
      if (inside && entry.isName) leaves.push(nameLeaf(type, nodeStart, text.slice(nodeStart, nodeEnd)));
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
    do {
      if (!cursor.nodeIsNamed) continue;
      visit();
      erased.push([cursor.endIndex, castEnd]);
      leave();
      return true;
    } while (cursor.gotoNextSibling());
    // No value: visit every child, as for any other node.
    while (cursor.gotoPreviousSibling());
    return false;
  };

  const nameLeaf = (type: string, leafStart: number, leafText: string): NameLeaf => {
    const depth = types.length;
    const parentType = types[depth - 1];
    let ownNameSite = false;
    if (parentType !== undefined && MEMBER_UNITS.has(parentType)) ownNameSite = (depth > 1 ? starts[depth - 2]! : start) < start;
    // The object of a member expression is its first child.
    else if (parentType === 'member_expression') ownNameSite = firstTypes[depth - 1] === 'this';
    return { type, startIndex: leafStart, text: leafText, ownNameSite };
  };

  visit();
  for (const leaf of leaves) replace.set(leaf.startIndex, mapName(leaf, declared, ownNames));
  erased.sort((a, b) => a[0] - b[0]);
  return { replace, erased };
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

/** Adds the names `node` binds to `declared` (and the unit's own member name to `ownNames`). */
function collectDeclared(
  node: SyntaxNode,
  type: string,
  containerStart: number | undefined,
  start: number,
  declared: Set<string>,
  ownNames: Set<string>,
): void {
  if (NAMED_DECLARATIONS.has(type)) {
    const name = node.childForFieldName('name');
    if (name) declared.add(name.text);
  } else if (type === 'variable_declarator') {
    bindingNames(node.childForFieldName('name'), declared);
  } else if (type === 'formal_parameters') {
    for (const param of node.namedChildren) {
      bindingNames(param.childForFieldName('pattern') ?? param, declared);
    }
  } else if (type === 'arrow_function') {
    const param = node.childForFieldName('parameter');
    if (param) declared.add(param.text);
  } else if (type === 'catch_clause') {
    bindingNames(node.childForFieldName('parameter'), declared);
  } else if (type === 'for_in_statement' && node.childForFieldName('kind')) {
    bindingNames(node.childForFieldName('left'), declared);
  } else if (type === 'type_parameter') {
    const name = node.childForFieldName('name');
    if (name) declared.add(name.text);
  } else if (type === 'ERROR') {
    // Recovery from incomplete code keeps `function f` / `class C` as loose leaves.
    for (let i = 0; i + 1 < node.childCount; i++) {
      const keyword = node.child(i)!.type;
      const next = node.child(i + 1)!;
      if ((keyword === 'function' || keyword === 'class') && next.type.endsWith('identifier')) declared.add(next.text);
    }
  } else if (MEMBER_UNITS.has(type)) {
    // The member is the unit when its container starts outside the range.
    const name = node.childForFieldName('name') ?? node.childForFieldName('key') ?? node.childForFieldName('property');
    if (containerStart !== undefined && containerStart < start && name && NAME_LEAVES.has(name.type)) ownNames.add(name.text);
  }
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

/** `(x) =>` reads like `x =>`: the parentheses of a single plain parameter are formatting. */
function dropLoneParameterParens(arrow: SyntaxNode, replace: Map<number, string[]>): void {
  const params = arrow.childForFieldName('parameters');
  if (!params || params.namedChildCount !== 1) return;
  const param = params.namedChildren[0]!;
  const plain =
    param.type === 'identifier' ||
    (param.type === 'required_parameter' &&
      param.childForFieldName('pattern')?.type === 'identifier' &&
      !param.childForFieldName('value') &&
      param.namedChildren.every((c) => c.type === 'identifier' || c.type === 'type_annotation'));
  if (!plain) return;
  for (const child of params.children) {
    if (child.type === '(' || child.type === ')') replace.set(child.startIndex, []);
  }
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
