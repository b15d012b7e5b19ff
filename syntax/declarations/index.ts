/**
 * @fileoverview Named declarations with their ranges: what the naming rule
 * checks and what the chunker cuts into index entries. One cursor walk per
 * file (walk.ts, visit.ts), cached per SourceFile, so the rule engine and the
 * chunker share it.
 */
import type { SyntaxNode } from '../parse.js';
import type { SourceFile } from '../source-file.js';
import { FUNCTION_VALUE_TYPES, type Declaration } from './types.js';
import { DeclarationWalker } from './visit.js';

export { boundName, qualifiedName } from './names.js';
export {
  FUNCTION_VALUE_TYPES,
  isFunctionValue,
  type Declaration,
  type DeclarationKind,
  type Modifier,
} from './types.js';

const cache = new WeakMap<SourceFile, readonly Declaration[]>();

/** Every named declaration in `file`, in source order. Computed once per SourceFile. */
export function collectDeclarations(file: SourceFile): readonly Declaration[] {
  let found = cache.get(file);
  if (!found) {
    found = Object.freeze(walk(file));
    cache.set(file, found);
  }
  return found;
}

/** Whether a parameter's name is read anywhere in its function. */
export function isParameterUsed(parameter: Declaration): boolean {
  let fn: SyntaxNode | null = parameter.node.parent;
  while (fn && fn.type !== 'formal_parameters' && !FUNCTION_VALUE_TYPES.has(fn.type)) fn = fn.parent;
  const body = fn?.type === 'formal_parameters' ? fn.parent?.childForFieldName('body') : fn?.childForFieldName('body');
  if (!body) return false;
  return body.descendantsOfType(['identifier', 'shorthand_property_identifier']).some((n) => n.text === parameter.name);
}

function walk(file: SourceFile): Declaration[] {
  return new DeclarationWalker().run(file);
}
