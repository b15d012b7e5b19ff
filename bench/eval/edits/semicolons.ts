/**
 * @fileoverview The `semicolons` edit (an extra, formatter-level variant of
 * `reformat`): statements ending a line lose their `;` when the function
 * mostly has them, or gain one when it mostly has none. A `;` is kept where
 * removing it would let the next line continue the statement (ASI hazards).
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { findAll, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';

const STATEMENTS = new Set([
  'expression_statement',
  'lexical_declaration',
  'variable_declaration',
  'return_statement',
  'throw_statement',
  'break_statement',
  'continue_statement',
]);
// A line starting with one of these would continue the previous statement.
const HAZARD = /^[\s]*[([`+\-/]/;

/** See the file overview. */
export function semicolonsEdit(target: EditTarget): EditOutcome {
  const { fn, file } = target;
  const statements = findAll(fn, (n) => STATEMENTS.has(n.type) && n.parent?.type !== 'for_statement' && n.parent?.type !== 'for_in_statement');
  const ended = statements.filter((s) => hasSemicolon(s));
  const removing = ended.length * 2 >= statements.length;
  const edits: TextEdit[] = [];
  for (const s of statements) {
    const lineEnd = file.text.indexOf('\n', s.endIndex);
    const rest = file.text.slice(s.endIndex, lineEnd === -1 ? file.text.length : lineEnd);
    if (rest.trim() !== '') continue;
    if (removing && hasSemicolon(s)) {
      const nextLine = file.text.slice(lineEnd + 1, file.text.indexOf('\n', lineEnd + 1));
      if (lineEnd !== -1 && HAZARD.test(nextLine)) continue;
      edits.push({ start: s.endIndex - 1, end: s.endIndex, text: '' });
    } else if (!removing && !hasSemicolon(s)) {
      edits.push({ start: s.endIndex, end: s.endIndex, text: ';' });
    }
  }
  if (edits.length === 0) return skip('no semicolons to change');
  return { edits, note: `${removing ? 'removed' : 'added'} ${edits.length}` };
}

function hasSemicolon(statement: SyntaxNode): boolean {
  const last = statement.lastChild;
  return last !== null && last.type === ';' && last.endIndex > last.startIndex;
}
