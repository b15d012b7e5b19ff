/**
 * @fileoverview The `reformat` edit, as a different formatter configuration
 * would do it: flip the dominant quote style, join multi-line argument,
 * parameter, array and object lists onto one line (dropping the trailing
 * comma) and split long one-line lists one element per line (adding one),
 * flip the parentheses of single-parameter arrows, and re-indent (2 ↔ 4
 * spaces, tabs → spaces). Semicolons are a separate edit (`semicolons`).
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { findAll, indentAt, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditPlan, type EditTarget } from './edit.js';

const LIST_TYPES = new Set(['arguments', 'formal_parameters', 'array', 'object', 'object_pattern', 'array_pattern', 'named_imports']);
const SPLIT_MIN_LINE = 70;

/** See the file overview. */
export function reformatEdit(target: EditTarget): EditOutcome {
  const plan = reformatPlan(target);
  return plan.edits.length > 0 || plan.post ? plan : skip('nothing to reformat');
}

/** The reformat as a plan (always at least the re-indent pass). */
export function reformatPlan(target: EditTarget): EditPlan {
  const { fn } = target;
  const edits: TextEdit[] = [...quoteEdits(fn), ...arrowParenEdits(fn)];
  const notes: string[] = [];
  const lists = listEdits(target);
  edits.push(...lists.edits);
  if (lists.joined > 0) notes.push(`joined ${lists.joined}`);
  if (lists.split > 0) notes.push(`split ${lists.split}`);
  return { edits, post: reindent, note: ['reindent', ...notes].join(', ') };
}

/** Single ↔ double quotes, whichever the function uses more, for strings that contain neither. */
function quoteEdits(fn: SyntaxNode): TextEdit[] {
  const strings = findAll(fn, (n) => n.type === 'string');
  const single = strings.filter((s) => s.text.startsWith("'")).length;
  const [from, to] = single >= strings.length - single ? ["'", '"'] : ['"', "'"];
  const edits: TextEdit[] = [];
  for (const s of strings) {
    if (!s.text.startsWith(from) || s.text.slice(1, -1).includes(to) || s.text.includes('\\')) continue;
    edits.push({ start: s.startIndex, end: s.startIndex + 1, text: to }, { start: s.endIndex - 1, end: s.endIndex, text: to });
  }
  return edits;
}

/** `x => …` ↔ `(x) => …`, in the direction the function uses less. */
function arrowParenEdits(fn: SyntaxNode): TextEdit[] {
  const arrows = findAll(fn, (n) => n.type === 'arrow_function');
  const bare = arrows.filter((a) => a.childForFieldName('parameter'));
  const wrapped = arrows.filter((a) => {
    const params = a.childForFieldName('parameters');
    if (!params || params.namedChildCount !== 1) return false;
    const only = params.namedChildren[0]!;
    // Plain `(x)`: no type, default, pattern or rest.
    return only.type === 'identifier' || (only.type === 'required_parameter' && only.namedChildCount === 1 && only.namedChildren[0]!.type === 'identifier');
  });
  if (bare.length > 0 && bare.length >= wrapped.length) {
    return bare.map((a) => a.childForFieldName('parameter')!).flatMap((p) => [
      { start: p.startIndex, end: p.startIndex, text: '(' },
      { start: p.endIndex, end: p.endIndex, text: ')' },
    ]);
  }
  return wrapped.flatMap((a) => {
    const params = a.childForFieldName('parameters')!;
    return [
      { start: params.startIndex, end: params.startIndex + 1, text: '' },
      { start: params.endIndex - 1, end: params.endIndex, text: '' },
    ];
  });
}

/** Joins multi-line lists and splits long single-line ones (outermost first, no comments inside). */
function listEdits(target: EditTarget): { edits: TextEdit[]; joined: number; split: number } {
  const { fn, file } = target;
  const edits: TextEdit[] = [];
  let joined = 0;
  let split = 0;
  const splitRanges: Array<[number, number]> = [];
  for (const list of findAll(fn, (n) => LIST_TYPES.has(n.type))) {
    const parts = list.children;
    if (parts.length < 3 || list.descendantsOfType('comment').length > 0) continue;
    const open = parts[0]!;
    const close = parts[parts.length - 1]!;
    if (open.endIndex - open.startIndex !== 1 || close.endIndex - close.startIndex !== 1) continue;
    const inner = parts.slice(1, -1);
    const elements = inner.filter((p) => p.type !== ',');
    if (elements.length === 0) continue;
    const trailing = inner[inner.length - 1]!.type === ',' ? inner[inner.length - 1]! : undefined;
    const padded = list.type === 'object' || list.type === 'object_pattern' || list.type === 'named_imports';
    if (list.startPosition.row !== list.endPosition.row) {
      // Join: `(\n  a,\n  b,\n)` → `(a, b)`.
      const pad = padded ? ' ' : '';
      edits.push({ start: open.endIndex, end: inner[0]!.startIndex, text: pad });
      for (let i = 0; i < inner.length - 1; i++) {
        if (inner[i]!.type === ',') edits.push({ start: inner[i]!.endIndex, end: inner[i + 1]!.startIndex, text: ' ' });
      }
      if (trailing) edits.push({ start: trailing.startIndex, end: close.startIndex, text: pad });
      else edits.push({ start: inner[inner.length - 1]!.endIndex, end: close.startIndex, text: pad });
      joined++;
      continue;
    }
    const lineStart = file.text.lastIndexOf('\n', list.startIndex - 1) + 1;
    const lineEnd = file.text.indexOf('\n', list.startIndex);
    const lineLength = (lineEnd === -1 ? file.text.length : lineEnd) - lineStart;
    if (elements.length < 2 || lineLength < SPLIT_MIN_LINE) continue;
    if (splitRanges.some(([s, e]) => list.startIndex >= s && list.endIndex <= e)) continue;
    // Split: one element per line, with a trailing comma unless the last element is a rest element.
    const base = indentAt(file.text, list.startIndex);
    const step = `\n${base}  `;
    edits.push({ start: open.endIndex, end: inner[0]!.startIndex, text: step });
    for (let i = 0; i < inner.length - 1; i++) {
      if (inner[i]!.type === ',') edits.push({ start: inner[i]!.endIndex, end: inner[i + 1]!.startIndex, text: step });
    }
    const last = elements[elements.length - 1]!;
    const rest = last.type.startsWith('rest') || last.namedChildren.some((c) => c.type === 'rest_pattern');
    const tail = trailing ?? last;
    const comma = trailing || rest ? '' : ',';
    edits.push({ start: tail.endIndex, end: close.startIndex, text: `${comma}\n${base}` });
    splitRanges.push([list.startIndex, list.endIndex]);
    split++;
  }
  return { edits, joined, split };
}

/** 2 ↔ 4 spaces per level (tabs become two spaces); blank lines stay blank. */
export function reindent(text: string): string {
  const lines = text.split('\n');
  if (lines.some((l) => /^\t/.test(l))) return lines.map((l) => l.replace(/^\t+/, (tabs) => '  '.repeat(tabs.length))).join('\n');
  const widths = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const usesTwo = widths.some((w) => w % 4 === 2);
  return lines
    .map((l) => {
      const width = /^ */.exec(l)![0].length;
      const next = usesTwo ? width * 2 : Math.floor(width / 2);
      return ' '.repeat(next) + l.slice(width);
    })
    .join('\n');
}
