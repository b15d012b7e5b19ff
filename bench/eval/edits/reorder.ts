/**
 * @fileoverview The `reorder` edit: swaps two adjacent statements of one
 * block that are independent: neither declares or writes a name the other
 * reads or writes, and at most one of them has effects (calls, `new`,
 * `await`, member writes). Their own lines move; comments stay put.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { bindingNodes, findAll, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';

const SWAPPABLE = new Set(['expression_statement', 'lexical_declaration', 'variable_declaration']);
const EFFECTS = new Set(['call_expression', 'new_expression', 'await_expression', 'yield_expression', 'delete']);

interface Footprint {
  readonly reads: Set<string>;
  readonly writes: Set<string>;
  readonly effects: boolean;
}

/** See the file overview. */
export function reorderEdit(target: EditTarget): EditOutcome {
  const { fn, file } = target;
  const pairs: Array<[SyntaxNode, SyntaxNode]> = [];
  for (const block of findAll(fn, (n) => n.type === 'statement_block')) {
    const statements = block.namedChildren;
    for (let i = 0; i + 1 < statements.length; i++) {
      const a = statements[i]!;
      const b = statements[i + 1]!;
      // Whole lines each, nothing but whitespace between them (comments stay with their place).
      if (a.endPosition.row >= b.startPosition.row || file.text.slice(a.endIndex, b.startIndex).trim() !== '') continue;
      if (!onOwnLines(file.text, a) || !onOwnLines(file.text, b)) continue;
      if (SWAPPABLE.has(a.type) && SWAPPABLE.has(b.type) && independent(footprint(a), footprint(b))) pairs.push([a, b]);
    }
  }
  if (pairs.length === 0) return skip('no independent adjacent statements');
  const [a, b] = target.rng.pick(pairs);
  const aText = file.text.slice(a.startIndex, a.endIndex);
  const bText = file.text.slice(b.startIndex, b.endIndex);
  const edits: TextEdit[] = [
    { start: a.startIndex, end: a.endIndex, text: bText },
    { start: b.startIndex, end: b.endIndex, text: aText },
  ];
  return { edits, note: `swapped lines ${a.startPosition.row + 1}–${b.endPosition.row + 1} (${pairs.length} candidates)` };
}

function onOwnLines(text: string, node: SyntaxNode): boolean {
  const lineStart = text.lastIndexOf('\n', node.startIndex - 1) + 1;
  const lineEnd = text.indexOf('\n', node.endIndex);
  return text.slice(lineStart, node.startIndex).trim() === '' && text.slice(node.endIndex, lineEnd === -1 ? undefined : lineEnd).trim() === '';
}

function footprint(statement: SyntaxNode): Footprint {
  const reads = new Set<string>();
  const writes = new Set<string>();
  let effects = false;
  for (const n of findAll(statement, () => true)) {
    if (n.type === 'identifier' || n.type === 'shorthand_property_identifier') reads.add(n.text);
    if (EFFECTS.has(n.type)) effects = true;
    if (n.type === 'variable_declarator') for (const b of bindingNodes(n.childForFieldName('name'))) writes.add(b.text);
    const written =
      n.type === 'assignment_expression' || n.type === 'augmented_assignment_expression'
        ? n.childForFieldName('left')
        : n.type === 'update_expression'
          ? n.childForFieldName('argument')
          : null;
    if (!written) continue;
    if (written.type === 'identifier') writes.add(written.text);
    else {
      // A member or pattern write: its root name is written, and it is an effect.
      effects = true;
      for (const id of findAll(written, (m) => m.type === 'identifier')) writes.add(id.text);
    }
  }
  return { reads, writes, effects };
}

function independent(a: Footprint, b: Footprint): boolean {
  if (a.effects && b.effects) return false;
  const touches = (f: Footprint, name: string): boolean => f.reads.has(name) || f.writes.has(name);
  for (const name of a.writes) if (touches(b, name)) return false;
  for (const name of b.writes) if (touches(a, name)) return false;
  return true;
}
