/**
 * @fileoverview Modifiers spelled as keywords on a declaration's own node:
 * `static`, `readonly`, `async`, `abstract`, `get`/`set`, and `private` or
 * `protected` (an accessibility keyword or a `#private` name).
 */
import type { SyntaxNode } from '../parse.js';
import type { Modifier } from './types.js';

const MEMBER_KEYWORDS: ReadonlyMap<string, Modifier> = new Map([
  ['static', 'static'],
  ['readonly', 'readonly'],
  ['async', 'async'],
  ['abstract', 'abstract'],
  ['get', 'accessor'],
  ['set', 'accessor'],
]);

/** The keyword modifiers among `node`'s children, in a fresh set the caller may extend. */
export function keywordModifiers(node: SyntaxNode): Set<Modifier> {
  const mods = new Set<Modifier>();
  for (const child of node.children) {
    const keyword = MEMBER_KEYWORDS.get(child.type);
    if (keyword) mods.add(keyword);
    else if (child.type === 'accessibility_modifier') {
      if (child.text === 'private' || child.text === 'protected') mods.add(child.text);
    } else if (child.type === 'private_property_identifier') mods.add('private');
  }
  return mods;
}
