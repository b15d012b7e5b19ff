/**
 * @fileoverview The `arrow-function` edit: a function declaration becomes
 * a `const` bound arrow (`function f(a) {…}` → `const f = (a) => {…};`),
 * and a `const` bound arrow or function expression becomes a declaration
 * (an expression body gets a block with a `return`). Arrows that use
 * `this` are left alone: the other form would change what `this` is.
 */
import { skip, type EditOutcome, type EditTarget } from './edit.js';
import { constBinding, functionParts } from './function-parts.js';

/** See the file overview. */
export function arrowFunctionEdit(target: EditTarget): EditOutcome {
  const { fn, file } = target;
  const parts = functionParts(fn, file.text);
  if (!parts) return skip('no body');
  if (fn.type === 'function_declaration') {
    const name = fn.childForFieldName('name')?.text;
    if (!name || parts.generator) return skip(parts.generator ? 'generator' : 'anonymous');
    if (parts.usesThis) return skip('uses this');
    // In TSX `<T>(…) =>` reads as an element: `<T,>` is the arrow's way to say it.
    const typeParameters = file.language === 'tsx' && parts.typeParameters && !/,\s*>$/.test(parts.typeParameters) ? parts.typeParameters.replace(/>$/, ',>') : parts.typeParameters;
    const text = `const ${name} = ${parts.async ? 'async ' : ''}${typeParameters}${parts.parameters}${parts.returnType} => ${parts.body};`;
    return { edits: [{ start: fn.startIndex, end: fn.endIndex, text }], note: 'function → arrow' };
  }
  const binding = constBinding(fn);
  if (!binding || (fn.type !== 'arrow_function' && fn.type !== 'function_expression')) return skip('not a function declaration or a const-bound function');
  if (fn.type === 'arrow_function' && parts.usesThis) return skip('uses this');
  const head = `${parts.async ? 'async ' : ''}function${parts.generator ? '*' : ''} ${binding.name.text}`;
  const text = `${head}${parts.typeParameters}${parts.parameters}${parts.returnType} ${parts.body}`;
  return { edits: [{ start: binding.declaration.startIndex, end: binding.declaration.endIndex, text }], note: `${fn.type === 'arrow_function' ? 'arrow' : 'function expression'} → function` };
}
