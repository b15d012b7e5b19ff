/**
 * @fileoverview Named declarations with their ranges: what the naming rule
 * checks and what the chunker cuts into index entries. Found by the one
 * walk `createSourceFile` makes (walk.ts, visit.ts) and kept on the
 * SourceFile, so the rule engine and the chunker share it.
 */
import type { SyntaxNode } from '../parse.js';
import { FUNCTION_VALUE_TYPES, type Declaration } from './types.js';

export { boundName, qualifiedName } from './names.js';
export { FUNCTION_VALUE_TYPES, isFunctionValue, type Declaration, type DeclarationKind } from './types.js';

/** Whether a parameter's name is read anywhere in its function. */
export function isParameterUsed(parameter: Declaration): boolean {
  let fn: SyntaxNode | null = parameter.node.parent;
  while (fn && fn.type !== 'formal_parameters' && !FUNCTION_VALUE_TYPES.has(fn.type)) fn = fn.parent;
  const body = fn?.type === 'formal_parameters' ? fn.parent?.childForFieldName('body') : fn?.childForFieldName('body');
  if (!body) return false;
  return body.descendantsOfType(['identifier', 'shorthand_property_identifier']).some((n) => n.text === parameter.name);
}
