/**
 * @fileoverview The `logging` edit: a `console.log` line at the start of the
 * body, and an early-return guard on the first parameter when there is one
 * (`if (p == null) return …;`, returning null when the function returns
 * values), as an agent adds while debugging or hardening.
 */
import { containsOutsideFunctions, indentAt, nameNodeOf, parameterNodes } from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';

/** See the file overview. */
export function loggingEdit(target: EditTarget): EditOutcome {
  const { fn, file } = target;
  const body = fn.childForFieldName('body');
  if (body?.type !== 'statement_block') return skip('expression body');
  const open = body.firstChild;
  if (open?.type !== '{') return skip('no block');
  const first = body.namedChildren[0];
  const indent = first && first.startPosition.row > open.startPosition.row ? indentAt(file.text, first.startIndex) : `${indentAt(file.text, fn.startIndex)}  `;
  const name = nameNodeOf(fn)?.text.replace(/['"`]/g, '') ?? 'fn';
  const param = parameterNodes(fn)[0]?.text;
  const lines = [`console.log('${name}'${param ? `, ${param}` : ''});`];
  const isConstructor = name === 'constructor';
  const generator = fn.children.some((c) => c.type === '*');
  if (param && !isConstructor && !generator) {
    const returnsValue = containsOutsideFunctions(body, (n) => n.type === 'return_statement' && n.namedChildCount > 0);
    lines.push(`if (${param} == null) {`, `  return${returnsValue ? ' null' : ''};`, '}');
  }
  const text = lines.map((l) => `\n${indent}${l}`).join('');
  return { edits: [{ start: open.endIndex, end: open.endIndex, text }], note: lines.length > 1 ? 'log + guard' : 'log' };
}
