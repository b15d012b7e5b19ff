/**
 * @fileoverview Named declarations with their ranges: what the naming rule
 * checks and what the chunker cuts into index entries. Found by the one
 * walk `createSourceFile` makes (walk.ts, visit.ts) and kept on the
 * SourceFile, so the rule engine and the chunker share it.
 */
import type { Declaration } from './types.js';

export { boundName, qualifiedName } from './names.js';
export { FUNCTION_VALUE_TYPES, isFunctionValue, type Declaration, type DeclarationKind } from './types.js';

/**
 * Whether a parameter's name is read in its function's body; false without
 * a body (a signature) or an owner (languages that record none).
 */
export function isParameterUsed(parameter: Declaration): boolean {
  const body = parameter.owner?.childForFieldName('body');
  return body ? body.descendantsOfType(['identifier', 'shorthand_property_identifier']).some((n) => n.text === parameter.name) : false;
}
