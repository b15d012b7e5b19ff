/**
 * @fileoverview The `logging` edit: a `console.log` line at the start of the
 * body, and an early-return guard on the first parameter when there is one
 * (`if (p == null) return …;`, returning null when the function returns
 * values), as an agent adds while debugging or hardening. `log-line` adds
 * only the log line, `guard` only the guard.
 */
import { containsOutsideFunctions, indentAt, nameNodeOf, parameterNodes } from '../syntax-util.js';
import { skip, type EditOutcome, type EditPlan, type EditTarget } from './edit.js';

/** Renames applied to the names the added lines mention (the combined edit renames the function too). */
type Rename = (name: string) => string;

/** See the file overview. */
export function loggingEdit(target: EditTarget): EditOutcome {
  return addedLines(target, { log: true, guard: true });
}

/** Only the log line. */
export function logLineEdit(target: EditTarget): EditOutcome {
  return addedLines(target, { log: true, guard: false });
}

/** Only the early-return guard on the first parameter. */
export function guardEdit(target: EditTarget): EditOutcome {
  return addedLines(target, { log: false, guard: true });
}

/** The log line as a plan, naming the function and its first parameter as `rename` calls them. */
export function logLinePlan(target: EditTarget, rename: Rename): EditPlan | undefined {
  const outcome = addedLines(target, { log: true, guard: false }, rename);
  return 'skip' in outcome ? undefined : outcome;
}

function addedLines(target: EditTarget, want: { readonly log: boolean; readonly guard: boolean }, rename: Rename = (n) => n): EditOutcome {
  const { fn, file } = target;
  const body = fn.childForFieldName('body');
  if (body?.type !== 'statement_block') return skip('expression body');
  const open = body.firstChild;
  if (open?.type !== '{') return skip('no block');
  const first = body.namedChildren[0];
  const indent = first && first.startPosition.row > open.startPosition.row ? indentAt(file.text, first.startIndex) : `${indentAt(file.text, fn.startIndex)}  `;
  const ownName = nameNodeOf(fn)?.text;
  const name = (ownName === undefined ? 'fn' : rename(ownName)).replace(/['"`]/g, '');
  const paramNode = parameterNodes(fn)[0];
  const param = paramNode && rename(paramNode.text);
  const lines = want.log ? [`console.log('${name}'${param ? `, ${param}` : ''});`] : [];
  const isConstructor = name === 'constructor';
  const generator = fn.children.some((c) => c.type === '*');
  if (want.guard && param && !isConstructor && !generator) {
    const returnsValue = containsOutsideFunctions(body, (n) => n.type === 'return_statement' && n.namedChildCount > 0);
    lines.push(`if (${param} == null) {`, `  return${returnsValue ? ' null' : ''};`, '}');
  }
  if (lines.length === 0) return skip(generator || isConstructor ? 'no guard in a generator or constructor' : 'no parameter to guard');
  const text = lines.map((l) => `\n${indent}${l}`).join('');
  return { edits: [{ start: open.endIndex, end: open.endIndex, text }], note: want.log && lines.length > 1 ? 'log + guard' : want.log ? 'log' : 'guard' };
}
