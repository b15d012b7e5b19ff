/**
 * @fileoverview The `class-move` edit: a method is lifted out of its class
 * into a standalone function (`this` becomes a `self` parameter typed with
 * the class, or the class name in a static method), and a function is moved
 * into a new class as a static method (recursive calls go through the
 * class). Constructors, accessors and methods using `super` stay put.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { FUNCTION_TYPES, walk, reindentBlock, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';
import { constBinding, functionParts } from './function-parts.js';

/** See the file overview. */
export function classMoveEdit(target: EditTarget): EditOutcome {
  const { fn } = target;
  if (fn.type === 'method_definition' && fn.parent?.type === 'class_body') return liftMethod(target);
  if (fn.type === 'function_declaration') return intoClass(target, fn, fn.childForFieldName('name')?.text);
  const binding = constBinding(fn);
  if (binding && (fn.type === 'arrow_function' || fn.type === 'function_expression')) return intoClass(target, binding.declaration, binding.name.text);
  return skip('not a class method or a named function');
}

function liftMethod(target: EditTarget): EditOutcome {
  const { fn, file } = target;
  const name = fn.childForFieldName('name');
  const params = fn.childForFieldName('parameters');
  const body = fn.childForFieldName('body');
  if (name?.type !== 'property_identifier' || !params || !body) return skip('computed name or no body');
  if (name.text === 'constructor' || fn.children.some((c) => c.type === 'get' || c.type === 'set')) return skip('constructor or accessor');
  if (file.text.slice(target.start, fn.startIndex).trim() !== '') return skip('decorated method');
  const thisNodes = ownThis(body);
  if (thisNodes.some((n) => n.type === 'super')) return skip('uses super');
  const isStatic = fn.children.some((c) => c.type === 'static');
  const className = fn.parent?.parent?.childForFieldName('name')?.text;
  if (isStatic && thisNodes.length > 0 && !className) return skip('static method of an anonymous class');
  const async = fn.children.some((c) => c.type === 'async') ? 'async ' : '';
  const star = fn.children.some((c) => c.type === '*') ? '*' : '';
  const typeParameters = fn.childForFieldName('type_parameters');
  const self = isStatic ? className! : 'self';
  const edits: TextEdit[] = [{ start: fn.startIndex, end: (typeParameters ?? params).startIndex, text: `${async}function${star} ${name.text}` }];
  // A declared `this: T` parameter already is the receiver: it becomes `self: T`.
  const thisParameter = params.namedChildren.find((p) => p.children[0]?.type === 'this')?.children[0];
  if (thisParameter) edits.push({ start: thisParameter.startIndex, end: thisParameter.endIndex, text: 'self' });
  else if (!isStatic && thisNodes.length > 0) {
    const typed = file.language !== 'javascript' && className ? `self: ${className}` : 'self';
    edits.push({ start: params.startIndex + 1, end: params.startIndex + 1, text: `${typed}${params.namedChildCount > 0 ? ', ' : ''}` });
  }
  for (const node of thisNodes) edits.push({ start: node.startIndex, end: node.endIndex, text: self });
  return { edits, note: `method → function${thisNodes.length > 0 ? ` (this → ${self})` : ''}` };
}

function intoClass(target: EditTarget, declaration: SyntaxNode, name: string | undefined): EditOutcome {
  const { fn, file } = target;
  if (!name) return skip('anonymous function');
  const className = `${name.charAt(0).toUpperCase()}${name.slice(1)}Helpers`;
  const body = fn.childForFieldName('body');
  // Recursive calls: `name(…)` → `Class.name(…)`.
  const calls: TextEdit[] = [];
  if (body) {
    walk(body, (n) => {
      if (n.type === 'call_expression' && n.childForFieldName('function')?.type === 'identifier' && n.childForFieldName('function')!.text === name) {
        const callee = n.childForFieldName('function')!;
        calls.push({ start: callee.startIndex, end: callee.endIndex, text: `${className}.${name}` });
      }
    });
  }
  const parts = functionParts(fn, file.text, calls);
  if (!parts) return skip('no body');
  if (fn.type === 'arrow_function' && parts.usesThis) return skip('uses this');
  const method = `static ${parts.async ? 'async ' : ''}${parts.generator ? '*' : ''}${name}${parts.typeParameters}${parts.parameters}${parts.returnType} ${parts.body}`;
  const text = `class ${className} {\n${reindentBlock(method, '  ')}\n}`;
  return { edits: [{ start: declaration.startIndex, end: declaration.endIndex, text }], note: `function → static method of ${className}` };
}

/** `this` and `super` nodes of the method itself (arrows share them; nested functions have their own). */
function ownThis(body: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  walk(body, (n) => {
    if (n !== body && FUNCTION_TYPES.has(n.type) && n.type !== 'arrow_function') return false;
    if (n.type === 'this' || n.type === 'super') out.push(n);
    return true;
  });
  return out;
}
