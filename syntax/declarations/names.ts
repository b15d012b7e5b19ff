/**
 * @fileoverview Names read off the tree around a declaration: the name a
 * value is bound to (`boundName`, shared with the walk through
 * `bindingName`), how members are qualified by their owner, and the
 * identifiers a binding pattern introduces.
 */
import type { SyntaxNode } from '../parse.js';

// Expressions that wrap a value without changing what it is bound to.
export const WRAPPERS: ReadonlySet<string> = new Set([
  'as_expression',
  'satisfies_expression',
  'parenthesized_expression',
  'non_null_expression',
]);

/**
 * The name an object literal or class expression is bound to:
 * `const handlers = {…}` → `handlers`, `{ key: {…} }` → `owner.key`,
 * `exports.x = {…}` → `x`, `Foo.prototype.bar = …` → `Foo.bar`,
 * `export default …` → `default`; undefined when it is bound to no name.
 * Works for any value node (a function value too).
 */
export function boundName(node: SyntaxNode | null): string | undefined {
  let current = node;
  while (current?.parent && WRAPPERS.has(current.parent.type)) current = current.parent;
  const parent = current?.parent ?? null;
  return bindingName(parent?.type, parent, () => boundName(parent?.parent ?? null));
}

/**
 * The name a value gets from `parent`, the node that binds it (wrappers
 * skipped); `outer` names the object around a `pair`. Shared by `boundName`
 * (which finds parents through the tree) and the walk (through its frames).
 */
export function bindingName(
  parentType: string | undefined,
  parent: SyntaxNode | null | undefined,
  outer: () => string | undefined,
): string | undefined {
  switch (parentType) {
    case 'variable_declarator': {
      const name = parent?.childForFieldName('name');
      return name?.type === 'identifier' ? name.text : undefined;
    }
    case 'pair': {
      const key = parent?.childForFieldName('key');
      return key?.type === 'property_identifier' ? qualifiedName(outer(), key.text) : undefined;
    }
    case 'assignment_expression': {
      const left = parent?.childForFieldName('left');
      return left ? assignedName(left) : undefined;
    }
    case 'export_statement':
      return 'default';
    default:
      return undefined;
  }
}

/** `exports.load` → `load`, `Foo.prototype.bar` → `Foo.bar`, `module.exports` stays. */
function assignedName(left: SyntaxNode): string {
  const text = left.text.replace(/\s+/g, '');
  return text.replace(/^(module\.)?exports\.(?=.)/, '').replace(/\.prototype\./g, '.');
}

/** `Owner.name`, or `name` without an owner: how members are named in chunks and findings. */
export function qualifiedName(owner: string | undefined, name: string): string {
  return owner ? `${owner}.${name}` : name;
}

/** Identifiers a binding pattern introduces (`{a, b: c}`, `[d, ...e]`, `f = 1`). */
export function patternIdentifiers(pattern: SyntaxNode): SyntaxNode[] {
  switch (pattern.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      return [pattern];
    case 'pair_pattern':
      return pattern.childForFieldName('value') ? patternIdentifiers(pattern.childForFieldName('value')!) : [];
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      return pattern.childForFieldName('left') ? patternIdentifiers(pattern.childForFieldName('left')!) : [];
    case 'object_pattern':
    case 'array_pattern':
    case 'rest_pattern':
      return pattern.namedChildren.flatMap(patternIdentifiers);
    default:
      return [];
  }
}
