/**
 * @fileoverview The `rename` edit: the function's own name, its parameters
 * and its locals get different plausible names, consistently at every use.
 * Shorthand properties keep their key (`{ x }` becomes `{ x: el }`), member
 * names are left alone except `this.<method>` calls of the renamed method.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { plausibleName } from '../names.js';
import { declaredNodes, identifierNodes, nameNodeOf, walk, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditPlan, type EditTarget } from './edit.js';

// Names that are not the function's to choose.
const KEEP = new Set(['constructor', 'this', 'arguments', 'default', 'render', 'toString', 'toJSON']);

/** See the file overview. */
export function renameEdit(target: EditTarget): EditOutcome {
  const plan = renamePlan(target);
  return plan ?? skip('no names to rename');
}

/** The rename as a plan with its mapping (old name → new), or undefined when the function declares nothing renameable. */
export function renamePlan(target: EditTarget): (EditPlan & { readonly renamed: ReadonlyMap<string, string> }) | undefined {
  const { fn } = target;
  const nameNode = nameNodeOf(fn);
  const ownName = nameNode && nameNode.startIndex >= target.start ? nameNode.text : undefined;
  const locals = new Set(declaredNodes(fn).map((n) => n.text));
  const taken = new Set<string>();
  walk(fn, (n) => {
    if (n.type.includes('identifier')) taken.add(n.text);
  });
  const mapping = new Map<string, string>();
  for (const name of [...(ownName ? [ownName] : []), ...locals]) {
    if (!KEEP.has(name) && !mapping.has(name) && /^[A-Za-z_$][\w$]*$/.test(name)) mapping.set(name, plausibleName(name, taken));
  }
  if (mapping.size === 0) return undefined;

  const edits: TextEdit[] = [];
  const seen = new Set<number>();
  const replace = (node: SyntaxNode, text: string): void => {
    if (seen.has(node.startIndex)) return;
    seen.add(node.startIndex);
    edits.push({ start: node.startIndex, end: node.endIndex, text });
  };
  // The name node lies outside `fn` for bound functions (`const f = () => …`, `key: function …`).
  if (nameNode && ownName !== undefined && mapping.has(ownName)) replace(nameNode, mapping.get(ownName)!);
  for (const node of identifierNodes(fn)) {
    const renamed = mapping.get(node.text);
    if (renamed === undefined) continue;
    if (node.type === 'identifier') replace(node, renamed);
    else replace(node, `${node.text}: ${renamed}`);
  }
  if (ownName !== undefined && nameNode?.type === 'property_identifier') {
    // Recursive calls of a method: `this.name(…)`.
    walk(fn, (n) => {
      if (n.type !== 'member_expression' || n.childForFieldName('object')?.type !== 'this') return;
      const property = n.childForFieldName('property');
      if (property?.text === ownName) replace(property, mapping.get(ownName)!);
    });
  }
  const shown = [...mapping].slice(0, 4).map(([from, to]) => `${from}→${to}`).join(', ');
  return { edits, note: `renamed ${mapping.size}: ${shown}`, renamed: mapping };
}
