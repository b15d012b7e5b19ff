/**
 * @fileoverview Tree helpers the edits share: walking a subtree, finding the
 * function a chunk holds and the name it is bound to, the names a scope
 * declares (parameters, locals, patterns), indentation, and text edits
 * expressed as replacements of file offsets.
 */
import type { SourceFile, SyntaxNode } from '../../syntax/index.js';

/** Node types that are a function with parameters and a body. */
export const FUNCTION_TYPES: ReadonlySet<string> = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition',
]);

/** Visits `node` and its descendants in pre-order; return false to skip a node's children. */
export function walk(node: SyntaxNode, visit: (n: SyntaxNode) => boolean | void): void {
  if (visit(node) === false) return;
  for (const child of node.children) walk(child, visit);
}

/** Every descendant of `node` (itself included) matching `test`, in source order. */
export function findAll(node: SyntaxNode, test: (n: SyntaxNode) => boolean, intoFunctions = true): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  walk(node, (n) => {
    if (test(n)) out.push(n);
    return intoFunctions || n === node || !FUNCTION_TYPES.has(n.type);
  });
  return out;
}

/** The largest function-like node lying inside [start, end) of the file. */
export function locateFunction(file: SourceFile, start: number, end: number): SyntaxNode | undefined {
  const nodes = file.root.descendantForIndex(start, end).descendantsOfType([...FUNCTION_TYPES]);
  let best: SyntaxNode | undefined;
  for (const node of nodes) {
    if (node.startIndex < start || node.endIndex > end) continue;
    if (!best || node.endIndex - node.startIndex > best.endIndex - best.startIndex) best = node;
  }
  return best;
}

/** The node naming a function: its own name, or the variable, key, field or property it is bound to. */
export function nameNodeOf(fn: SyntaxNode): SyntaxNode | undefined {
  const own = fn.childForFieldName('name');
  if (own) return own;
  const parent = fn.parent;
  if (!parent) return undefined;
  switch (parent.type) {
    case 'variable_declarator':
    case 'public_field_definition':
    case 'field_definition':
      return parent.childForFieldName('name') ?? parent.childForFieldName('property') ?? undefined;
    case 'pair':
      return parent.childForFieldName('key') ?? undefined;
    case 'assignment_expression': {
      const left = parent.childForFieldName('left');
      if (left?.type === 'member_expression') return left.childForFieldName('property') ?? undefined;
      return left ?? undefined;
    }
    default:
      return undefined;
  }
}

/** Identifier nodes bound by a pattern (parameter, declarator name, for-of left side). */
export function bindingNodes(pattern: SyntaxNode | null | undefined): SyntaxNode[] {
  if (!pattern) return [];
  switch (pattern.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      return [pattern];
    case 'required_parameter':
    case 'optional_parameter':
      return bindingNodes(pattern.childForFieldName('pattern'));
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      return bindingNodes(pattern.childForFieldName('left'));
    case 'pair_pattern':
      return bindingNodes(pattern.childForFieldName('value'));
    case 'object_pattern':
    case 'array_pattern':
    case 'rest_pattern':
      return pattern.namedChildren.flatMap((child) => bindingNodes(child));
    default:
      return [];
  }
}

/** The binding identifiers of a function's parameters. */
export function parameterNodes(fn: SyntaxNode): SyntaxNode[] {
  const single = fn.childForFieldName('parameter');
  if (single) return bindingNodes(single);
  const params = fn.childForFieldName('parameters');
  return params ? params.namedChildren.flatMap((p) => bindingNodes(p)) : [];
}

/** Every binding identifier declared inside `scope` (parameters of nested functions included). */
export function declaredNodes(scope: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  walk(scope, (n) => {
    if (FUNCTION_TYPES.has(n.type)) {
      out.push(...parameterNodes(n));
      if (n !== scope && n.type.endsWith('_declaration')) {
        const name = n.childForFieldName('name');
        if (name?.type === 'identifier') out.push(name);
      }
    } else if (n.type === 'variable_declarator') {
      out.push(...bindingNodes(n.childForFieldName('name')));
    } else if (n.type === 'for_in_statement' && n.childForFieldName('kind')) {
      out.push(...bindingNodes(n.childForFieldName('left')));
    } else if (n.type === 'catch_clause') {
      out.push(...bindingNodes(n.childForFieldName('parameter')));
    }
  });
  return out;
}

/** Identifier nodes (references and bindings) inside `node`, including shorthand forms. */
export function identifierNodes(node: SyntaxNode): SyntaxNode[] {
  return findAll(node, (n) => n.type === 'identifier' || n.type === 'shorthand_property_identifier' || n.type === 'shorthand_property_identifier_pattern');
}

/** The leading whitespace of the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const match = /^[ \t]*/.exec(text.slice(lineStart, offset + 1));
  return match ? match[0] : '';
}

/** One indentation step as `text` uses it: a tab, four spaces or (by default) two. */
export function indentUnit(text: string): string {
  if (/^\t/m.test(text)) return '\t';
  return /^( {4})\S/m.test(text) && !/^( {2})\S/m.test(text) ? '    ' : '  ';
}

/** A replacement of [start, end) in the file text; start === end inserts. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * `text.slice(start, end)` with `edits` (file offsets inside [start, end])
 * applied, or undefined when two edits overlap. Insertions at one offset
 * keep their order and come before a replacement starting there.
 */
export function applyEdits(text: string, start: number, end: number, edits: readonly TextEdit[]): string | undefined {
  const sorted = edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.start - b.edit.start || (a.edit.end - a.edit.start) - (b.edit.end - b.edit.start) || a.order - b.order);
  let out = '';
  let at = start;
  for (const { edit } of sorted) {
    if (edit.start < at || edit.end > end || edit.start > edit.end) return undefined;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at, end);
}

/** Re-indents every line of `text` with `indent` in place of its common leading whitespace. */
export function reindentBlock(text: string, indent: string): string {
  const lines = text.split('\n');
  const common = lines
    .filter((l) => l.trim() !== '')
    .map((l) => /^[ \t]*/.exec(l)![0])
    .reduce<string | undefined>((acc, ws) => (acc === undefined || ws.length < acc.length ? ws : acc), undefined) ?? '';
  return lines.map((l) => (l.trim() === '' ? '' : indent + l.slice(common.length))).join('\n');
}

/** Whether `node` or a descendant (not inside a nested non-arrow function) matches. */
export function containsOutsideFunctions(node: SyntaxNode, test: (n: SyntaxNode) => boolean, arrowsToo = true): boolean {
  let found = false;
  walk(node, (n) => {
    if (found) return false;
    if (n !== node && FUNCTION_TYPES.has(n.type) && (arrowsToo || n.type !== 'arrow_function')) return false;
    if (test(n)) found = true;
    return !found;
  });
  return found;
}
