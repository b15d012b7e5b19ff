/**
 * @fileoverview The `ts-to-js` edit (TypeScript only): the function as an
 * agent ports it to JavaScript: every type goes (as in `types`), and so do
 * the TypeScript-only marks the `types` edit leaves: accessibility and
 * `override` modifiers, `readonly` and `?` on parameters, `this`
 * parameters, non-null assertions (`x!`) and definite assignments
 * (`let x!: T`), and the annotation of the variable the function is bound
 * to. The copy is written as a `.js` file (see copy-file.ts),
 * which must parse as JavaScript.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { findAll, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';
import { removeTypes } from './types.js';

const MODIFIERS = new Set(['accessibility_modifier', 'override_modifier']);

/** See the file overview. */
export function toJavaScriptEdit(target: EditTarget): EditOutcome {
  if (target.file.language === 'javascript') return skip('not TypeScript');
  const { fn, file } = target;
  const edits: TextEdit[] = [...removeTypes(fn)];
  // `const f: Handler = (…) => …`: the binding's annotation lies outside the function, inside the copy.
  const bindingType = fn.parent?.type === 'variable_declarator' ? fn.parent.childForFieldName('type') : null;
  if (bindingType && bindingType.startIndex >= target.start) edits.push({ start: bindingType.startIndex, end: bindingType.endIndex, text: '' });
  // Up to the next token: `private static x` → `static x`.
  const withSpace = (node: SyntaxNode): TextEdit => ({ start: node.startIndex, end: node.endIndex + (/^\s*/.exec(file.text.slice(node.endIndex))?.[0].length ?? 0), text: '' });
  for (const node of findAll(fn, (n) => MODIFIERS.has(n.type))) edits.push(withSpace(node));
  for (const param of findAll(fn, (n) => n.type === 'required_parameter' || n.type === 'optional_parameter')) {
    if (param.childForFieldName('pattern')?.type === 'this' || param.children[0]?.type === 'this') {
      const siblings = param.parent?.children ?? [];
      const at = siblings.findIndex((c) => c.startIndex === param.startIndex);
      const comma = siblings[at + 1]?.type === ',' ? siblings[at + 1] : undefined;
      // `(this: T, a)` → `(a)`: the comma and the space after it go too.
      edits.push({ start: param.startIndex, end: comma ? (siblings[at + 2]?.startIndex ?? comma.endIndex) : param.endIndex, text: '' });
      continue;
    }
    for (const mark of param.children) {
      if (mark.type === 'readonly') edits.push(withSpace(mark));
      else if (mark.type === '?') edits.push({ start: mark.startIndex, end: mark.endIndex, text: '' });
    }
  }
  for (const node of findAll(fn, (n) => n.type === 'non_null_expression' || n.type === 'variable_declarator')) {
    const bang = node.children.find((c) => c.type === '!');
    if (bang) edits.push({ start: bang.startIndex, end: bang.endIndex, text: '' });
  }
  if (edits.length === 0) return skip('no TypeScript to drop');
  return { edits: dropCovered(edits), note: `dropped ${edits.length}` };
}

/** Edits inside an earlier, larger removal (a `this: T` parameter holds its annotation) are covered by it. */
function dropCovered(edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TextEdit[] = [];
  for (const edit of sorted) {
    const last = out[out.length - 1];
    if (last && edit.start >= last.start && edit.end <= last.end && last.end > last.start) continue;
    out.push(edit);
  }
  return out;
}
