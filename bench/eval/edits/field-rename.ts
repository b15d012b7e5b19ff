/**
 * @fileoverview The `field-rename` edit: the keys of the object literals
 * the function returns get other plausible names (`{ tableName: t }` →
 * `{ name: t }`, shorthand `{ schema }` → `{ shape: schema }`), as an agent
 * that reshapes a result while copying the code that builds it does.
 * Computed, string and numeric keys stay; so do the function's other objects.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { plausibleName } from '../names.js';
import { findAll, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';

/** See the file overview. */
export function fieldRenameEdit(target: EditTarget): EditOutcome {
  const keys = returnedObjects(target.fn).flatMap((object) => object.namedChildren.filter(isRenameableField));
  if (keys.length === 0) return skip('returns no object literal with named fields');
  const taken = new Set(findAll(target.fn, (n) => n.type.includes('identifier')).map((n) => n.text));
  const renamed = new Map<string, string>();
  const edits: TextEdit[] = keys.map((field) => {
    const key = field.type === 'pair' ? field.childForFieldName('key')! : field;
    const name = renamed.get(key.text) ?? plausibleName(key.text, taken);
    renamed.set(key.text, name);
    return { start: key.startIndex, end: key.endIndex, text: field.type === 'pair' ? name : `${name}: ${key.text}` };
  });
  const shown = [...renamed].slice(0, 4).map(([from, to]) => `${from}→${to}`).join(', ');
  return { edits, note: `renamed ${renamed.size} returned field(s): ${shown}` };
}

/** The object literals the function itself returns: `return {…}` and an arrow's `({…})` body. */
function returnedObjects(fn: SyntaxNode): SyntaxNode[] {
  const body = fn.childForFieldName('body');
  if (!body) return [];
  const unwrap = (node: SyntaxNode | null | undefined): SyntaxNode | undefined =>
    node?.type === 'parenthesized_expression' ? unwrap(node.namedChildren[0]) : node?.type === 'object' ? node : undefined;
  const arrowBody = unwrap(body);
  if (arrowBody) return [arrowBody];
  return findAll(body, (n) => n.type === 'return_statement', false).flatMap((statement) => unwrap(statement.namedChildren[0]) ?? []);
}

function isRenameableField(field: SyntaxNode): boolean {
  if (field.type === 'shorthand_property_identifier') return true;
  return field.type === 'pair' && field.childForFieldName('key')?.type === 'property_identifier';
}
