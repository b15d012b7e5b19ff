/**
 * @fileoverview Finds the named units of code the index is made of:
 * functions, methods, function values bound to names, object-literal methods
 * and classes, all found by the syntax kernel's one walk of the file: its
 * declarations (with containers and function-valued bindings) and its bound
 * values (assignments, anonymous class expressions, anonymous default
 * exports), named as the kernel's `boundName` names them.
 */
import { languageSpec, qualifiedName, type Declaration, type SourceFile, type SyntaxNode, type UnitTypes } from '../../syntax/index.js';

/** What a chunk holds. Bound arrow functions count as functions, class-field arrows as methods. */
export type ChunkKind = 'function' | 'method' | 'class';

/** A unit before size filtering: the node to cut and the name it goes by. */
export interface CodeUnit {
  readonly node: SyntaxNode;
  /** `name`, or `Owner.name` for members (`Cls.method`, `handlers.onClick`). */
  readonly symbol: string;
  readonly kind: ChunkKind;
}

/**
 * Units nested deeper than this inside other units are not units of their
 * own. Each unit's text and tokens are its whole body, so a chain of 2,000
 * nested functions would cost the index O(n²) (7 s and 630 MB for a 34 KB
 * file); real code nests closures a few levels deep.
 */
export const MAX_UNIT_NESTING = 8;

/** Every unit of `file` in source order (outer units before the units they contain), at most MAX_UNIT_NESTING deep. */
export function findUnits(file: SourceFile): CodeUnit[] {
  const units: CodeUnit[] = [];
  // Which node types have bodies worth indexing is the language module's table.
  const types = languageSpec(file.language).units;
  for (const declaration of file.declarations) {
    const unit = unitOfDeclaration(declaration, types);
    if (unit) units.push(unit);
  }
  for (const bound of file.boundValues) {
    units.push({ node: bound.node, symbol: bound.name, kind: bound.kind === 'anonymousClass' ? 'class' : 'function' });
  }
  units.sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
  return withinNesting(units);
}

/** `units` (sorted outer first) without those inside MAX_UNIT_NESTING others. */
function withinNesting(units: readonly CodeUnit[]): CodeUnit[] {
  const open: number[] = [];
  const kept: CodeUnit[] = [];
  for (const unit of units) {
    while (open.length > 0 && open.at(-1)! <= unit.node.startIndex) open.pop();
    if (open.length >= MAX_UNIT_NESTING) continue;
    open.push(unit.node.endIndex);
    kept.push(unit);
  }
  return kept;
}

function unitOfDeclaration(d: Declaration, types: UnitTypes): CodeUnit | undefined {
  const type = d.node.type;
  const symbol = qualifiedName(d.container, d.name);
  if (d.kind === 'function' && types.functions.has(type)) return { node: d.node, symbol, kind: 'function' };
  if (d.kind === 'class' && types.classes.has(type)) return { node: d.node, symbol, kind: 'class' };
  // The kernel names object-literal members by the object's binding and class-expression members by the class's.
  if (d.kind === 'method' && types.methods.has(type)) return { node: d.node, symbol, kind: 'method' };
  if (!d.modifiers.has('functionValue') || d.modifiers.has('destructured')) return undefined;
  if (d.kind === 'variable' || d.kind === 'constant') return { node: d.node, symbol, kind: 'function' };
  // Class fields (and parameter properties) bound to arrow functions.
  if (d.kind === 'property') return { node: d.node, symbol, kind: 'method' };
  return undefined;
}
