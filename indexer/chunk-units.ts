/**
 * @fileoverview Finds the named units of code the index is made of:
 * functions, methods, function values bound to names, object-literal methods
 * and classes. Declarations, their containers and function-valued bindings
 * come from the syntax kernel; the few bindings that are not declarations
 * (assignments, anonymous class expressions, anonymous default exports) are
 * found here and named by the kernel's `boundName`.
 */
import {
  boundName,
  isFunctionValue,
  qualifiedName,
  type Declaration,
  type SourceFile,
  type SyntaxNode,
} from '../syntax/index.js';

/** What a chunk holds. Bound arrow functions count as functions, class-field arrows as methods. */
export type ChunkKind = 'function' | 'method' | 'class';

/** A unit before size filtering: the node to cut and the name it goes by. */
export interface CodeUnit {
  readonly node: SyntaxNode;
  /** `name`, or `Owner.name` for members (`Cls.method`, `handlers.onClick`). */
  readonly symbol: string;
  readonly kind: ChunkKind;
}

// Only members with bodies: overload and abstract signatures have no code;
// `pair` is an object-literal key bound to a function value.
const METHOD_NODES = new Set(['method_definition', 'pair']);
const FUNCTION_NODES = new Set(['function_declaration', 'generator_function_declaration']);
const CLASS_NODES = new Set(['class_declaration', 'abstract_class_declaration', 'class']);

/** Every unit of `file` in source order (outer units before the units they contain). */
export function findUnits(file: SourceFile): CodeUnit[] {
  const units: CodeUnit[] = [];
  for (const declaration of file.declarations) {
    const unit = unitOfDeclaration(declaration);
    if (unit) units.push(unit);
  }
  for (const node of file.root.descendantsOfType(['assignment_expression', 'class', 'export_statement'])) {
    // The `class` keyword is a node of type `class` too.
    const unit = node.isNamed ? unitOfBinding(node) : undefined;
    if (unit) units.push(unit);
  }
  return units.sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
}

function unitOfDeclaration(d: Declaration): CodeUnit | undefined {
  const type = d.node.type;
  const symbol = qualifiedName(d.container, d.name);
  if (d.kind === 'function' && FUNCTION_NODES.has(type)) return { node: d.node, symbol, kind: 'function' };
  if (d.kind === 'class' && CLASS_NODES.has(type)) return { node: d.node, symbol, kind: 'class' };
  // The kernel names object-literal members by the object's binding and class-expression members by the class's.
  if (d.kind === 'method' && METHOD_NODES.has(type)) return { node: d.node, symbol, kind: 'method' };
  if (!d.modifiers.has('functionValue') || d.modifiers.has('destructured')) return undefined;
  if (d.kind === 'variable' || d.kind === 'constant') return { node: d.node, symbol, kind: 'function' };
  // Class fields (and parameter properties) bound to arrow functions.
  if (d.kind === 'property') return { node: d.node, symbol, kind: 'method' };
  return undefined;
}

/** Function values bound by assignment or default export, and anonymous class expressions. */
function unitOfBinding(node: SyntaxNode): CodeUnit | undefined {
  switch (node.type) {
    case 'assignment_expression': {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (!left || !isFunctionValue(right)) return undefined;
      if (left.type !== 'identifier' && left.type !== 'member_expression') return undefined;
      const symbol = boundName(right);
      return symbol ? { node, symbol, kind: 'function' } : undefined;
    }
    case 'class': {
      // Named class expressions are kernel declarations already.
      if (node.childForFieldName('name')) return undefined;
      const owner = boundName(node);
      return owner ? { node, symbol: owner, kind: 'class' } : undefined;
    }
    case 'export_statement': {
      const value = node.childForFieldName('value');
      return isFunctionValue(value) ? { node: value, symbol: 'default', kind: 'function' } : undefined;
    }
    default:
      return undefined;
  }
}
