/**
 * @fileoverview ECMAScript's node-level answers for normalisation planning:
 * which names a declaring node binds, what a member unit is called, which
 * parentheses of an arrow are formatting, and what a name leaf becomes in
 * the token stream. indexer/chunks/normalize-plan.ts passes over the node table and asks these
 * questions per node through the language module.
 */
import type { SyntaxNode } from '../parse.js';
import { LOCAL_NAME, type NameLeaf } from './types.js';

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
export const MEMBER_UNITS: ReadonlySet<string> = new Set(['method_definition', 'pair', 'public_field_definition', 'field_definition']);
const NAME_LEAVES = new Set(['identifier', 'type_identifier', 'property_identifier', 'private_property_identifier']);


// Leaves `mapName` maps.
export const NAME_LEAF_TYPES: ReadonlySet<string> = new Set([
  'identifier',
  'type_identifier',
  'property_identifier',
  'private_property_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'statement_identifier',
  // The receiver: a method lifted into a function takes it as a parameter (`this.x` → `self.x`), as Python spells it.
  'this',
]);
// Named node types `declaredNames`, `memberName` or `loneParameterParens` read.
export const PLANNED_TYPES: ReadonlySet<string> = new Set([
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
export function declaredNames(node: SyntaxNode, type: string): string[] {
  if (type === 'arrow_function') {
    const param = node.childForFieldName('parameter');
    return param ? [param.text] : [];
  }
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
  } else if (type === 'catch_clause') {
    bindingNames(node.childForFieldName('parameter'), out);
  } else if (type === 'for_in_statement' && node.childForFieldName('kind')) {
    bindingNames(node.childForFieldName('left'), out);
  } else if (type === 'ERROR') {
    // Recovery from incomplete code keeps `function f` / `class C` as loose leaves.
    const children = node.children;
    for (let i = 0; i + 1 < children.length; i++) {
      const keyword = children[i]!.type;
      const next = children[i + 1]!;
      if ((keyword === 'function' || keyword === 'class') && next.type.endsWith('identifier')) out.add(next.text);
    }
  }
  return [...out];
}

/** The plain name of a member unit (method, object key, field), if it has one. */
export function memberName(node: SyntaxNode): string | undefined {
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
export function loneParameterParens(arrow: SyntaxNode, type: string): number[] {
  if (type !== 'arrow_function') return [];
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
export function mapName(leaf: NameLeaf, declared: ReadonlySet<string>, ownNames: ReadonlySet<string>): string[] {
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
      // statement_identifier (a label) and `this`.
      return [LOCAL_NAME];
  }
}
