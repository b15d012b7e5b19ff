/**
 * @fileoverview Finds the named units of code the index is made of:
 * functions, methods, function values bound to names, object-literal methods
 * and classes. Declarations come from the syntax kernel; the few function
 * bindings it does not report as declarations (object pairs, assignments,
 * class fields, anonymous default exports, class expressions) are found here.
 */
import { collectDeclarations, type Declaration, type SourceFile, type SyntaxNode } from '../syntax/index.js';

/** What a chunk holds. Bound arrow functions count as functions, class-field arrows as methods. */
export type ChunkKind = 'function' | 'method' | 'class';

/** A unit before size filtering: the node to cut and the name it goes by. */
export interface CodeUnit {
  readonly node: SyntaxNode;
  /** `name`, or `Owner.name` for members (`Cls.method`, `handlers.onClick`). */
  readonly symbol: string;
  readonly kind: ChunkKind;
}

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
// Only members with bodies: overload and abstract signatures have no code.
const METHOD_NODES = new Set(['method_definition']);
const FUNCTION_NODES = new Set(['function_declaration', 'generator_function_declaration']);
const CLASS_NODES = new Set(['class_declaration', 'abstract_class_declaration', 'class']);
// Expressions that wrap a value without changing what it is bound to.
const WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression', 'non_null_expression']);

/** Every unit of `file` in source order (outer units before the units they contain). */
export function findUnits(file: SourceFile): CodeUnit[] {
  const units: CodeUnit[] = [];
  for (const declaration of collectDeclarations(file)) {
    const unit = unitOfDeclaration(declaration);
    if (unit) units.push(unit);
  }
  for (const node of file.root.descendantsOfType(['pair', 'assignment_expression', 'class', 'export_statement'])) {
    const unit = unitOfBinding(node);
    if (unit) units.push(unit);
  }
  return units.sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
}

function unitOfDeclaration(d: Declaration): CodeUnit | undefined {
  const type = d.node.type;
  const symbol = qualify(d.container, d.name);
  if (d.kind === 'function' && FUNCTION_NODES.has(type)) return { node: d.node, symbol, kind: 'function' };
  if (d.kind === 'class' && CLASS_NODES.has(type)) return { node: d.node, symbol, kind: 'class' };
  if (d.kind === 'method' && METHOD_NODES.has(type)) {
    // The kernel names no container for object-literal and class-expression members,
    // and gives an object literal inside a class method the class as container.
    const owner = d.modifiers.has('objectLiteral')
      ? ownerName(d.node.parent)
      : (d.container ?? ownerName(d.node.parent?.parent ?? null));
    return { node: d.node, symbol: qualify(owner, d.name), kind: 'method' };
  }
  if ((d.kind === 'variable' || d.kind === 'constant') && d.modifiers.has('functionValue') && !d.modifiers.has('destructured')) {
    return { node: d.node, symbol, kind: 'function' };
  }
  // The kernel does not mark class fields bound to arrow functions as function values.
  if (d.kind === 'property' && isFunctionValue(d.node.childForFieldName('value'))) {
    return { node: d.node, symbol, kind: 'method' };
  }
  return undefined;
}

function unitOfBinding(node: SyntaxNode): CodeUnit | undefined {
  switch (node.type) {
    case 'pair': {
      const key = node.childForFieldName('key');
      if (key?.type !== 'property_identifier' || !isFunctionValue(node.childForFieldName('value'))) return undefined;
      return { node, symbol: qualify(ownerName(node.parent), key.text), kind: 'method' };
    }
    case 'assignment_expression': {
      const left = node.childForFieldName('left');
      if (!left || !isFunctionValue(node.childForFieldName('right'))) return undefined;
      if (left.type !== 'identifier' && left.type !== 'member_expression') return undefined;
      return { node, symbol: assignedName(left), kind: 'function' };
    }
    case 'class': {
      // Named class expressions are kernel declarations already.
      if (node.childForFieldName('name')) return undefined;
      const owner = ownerName(node);
      return owner ? { node, symbol: owner, kind: 'class' } : undefined;
    }
    case 'export_statement': {
      const value = node.childForFieldName('value');
      if (!isFunctionValue(value)) return undefined;
      return { node: value!, symbol: 'default', kind: 'function' };
    }
    default:
      return undefined;
  }
}

/**
 * The name an object literal or class expression is bound to:
 * `const handlers = {…}`, `key: {…}`, `exports.x = {…}`, `export default …`.
 */
function ownerName(node: SyntaxNode | null): string | undefined {
  let current = node;
  while (current?.parent && WRAPPERS.has(current.parent.type)) current = current.parent;
  const parent = current?.parent;
  switch (parent?.type) {
    case 'variable_declarator': {
      const name = parent.childForFieldName('name');
      return name?.type === 'identifier' ? name.text : undefined;
    }
    case 'pair': {
      const key = parent.childForFieldName('key');
      return key?.type === 'property_identifier' ? qualify(ownerName(parent.parent), key.text) : undefined;
    }
    case 'assignment_expression': {
      const left = parent.childForFieldName('left');
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

function isFunctionValue(node: SyntaxNode | null): boolean {
  return node !== null && FUNCTION_VALUES.has(node.type);
}

function qualify(owner: string | undefined, name: string): string {
  return owner ? `${owner}.${name}` : name;
}
