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

/** Plans the normalisation of the leaves of `file` starting in [start, end). */
export function planRange(file: SourceFile, start: number, end: number): NormalizePlan {
  const declared = new Set<string>();
  const ownNames = new Set<string>();
  const erased: Array<[number, number]> = [];
  const leaves: SyntaxNode[] = [];
  const replace = new Map<number, string[]>();

  const visit = (node: SyntaxNode): void => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    const inside = node.startIndex >= start;
    if (inside) {
      if (ERASED_TYPES.has(node.type)) {
        erased.push([node.startIndex, node.endIndex]);
        return;
      }
      collectDeclared(node, start, declared, ownNames);
      if (CASTS.has(node.type)) {
        const value = node.namedChildren[0];
        if (value) {
          visit(value);
          erased.push([value.endIndex, node.endIndex]);
          return;
        }
      }
      if (node.type === 'arrow_function') dropLoneParameterParens(node, replace);
    }
    const count = node.childCount;
    if (count === 0) {
      if (inside) leaves.push(node);
      return;
    }
    for (let i = 0; i < count; i++) visit(node.child(i)!);
  };
  visit(file.root);

  for (const leaf of leaves) {
    const mapped = mapName(leaf, start, declared, ownNames);
    if (mapped) replace.set(leaf.startIndex, mapped);
  }
  erased.sort((a, b) => a[0] - b[0]);
  return { replace, erased };
}

/** Adds the names `node` binds to `declared` (and the unit's own member name to `ownNames`). */
function collectDeclared(node: SyntaxNode, start: number, declared: Set<string>, ownNames: Set<string>): void {
  const type = node.type;
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
    const container = node.parent;
    const name = node.childForFieldName('name') ?? node.childForFieldName('key') ?? node.childForFieldName('property');
    if (container && container.startIndex < start && name && NAME_LEAVES.has(name.type)) ownNames.add(name.text);
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

/** The tokens a name leaf becomes, or undefined to keep the default mapping. */
function mapName(leaf: SyntaxNode, start: number, declared: ReadonlySet<string>, ownNames: ReadonlySet<string>): string[] | undefined {
  const text = leaf.text;
  switch (leaf.type) {
    case 'identifier':
    case 'type_identifier':
      return [declared.has(text) ? LOCAL_NAME : text];
    case 'property_identifier':
    case 'private_property_identifier':
      return [ownNames.has(text) && isOwnNameUse(leaf, start) ? LOCAL_NAME : text];
    case 'shorthand_property_identifier':
      return [text, ':', declared.has(text) ? LOCAL_NAME : text];
    case 'shorthand_property_identifier_pattern':
      return [text, ':', LOCAL_NAME];
    case 'statement_identifier':
      return [LOCAL_NAME];
    default:
      return undefined;
  }
}

/** The member's own name where it is declared, or used as `this.<name>`. */
function isOwnNameUse(leaf: SyntaxNode, start: number): boolean {
  const parent = leaf.parent;
  if (!parent) return false;
  if (MEMBER_UNITS.has(parent.type)) return (parent.parent?.startIndex ?? start) < start;
  return parent.type === 'member_expression' && parent.childForFieldName('object')?.type === 'this';
}
