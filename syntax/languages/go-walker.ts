/**
 * @fileoverview What each declaring Go node declares: functions, methods
 * (owned by their receiver's type), type declarations (a struct type is a
 * `class`, an interface type an `interface`, any other a `typeAlias`),
 * struct fields and interface methods, constants, variables (`var`, `:=`,
 * `range` with `:=`) and parameters (receivers included). A name with a
 * leading capital is exported. `x, err := …` redeclares `err`, so a name is
 * declared once per function.
 */
import type { SyntaxNode } from '../parse.js';
import type { DeclarationKind, Modifier } from '../declarations/types.js';
import { NodeWalker } from '../declarations/walk.js';

const SCOPES: ReadonlySet<string> = new Set(['function_declaration', 'method_declaration', 'func_literal']);

export const GO_DECLARING_TYPES: ReadonlySet<string> = new Set([
  'function_declaration',
  'method_declaration',
  'func_literal',
  'type_spec',
  'type_alias',
  'field_declaration',
  'method_elem',
  'const_spec',
  'var_spec',
  'short_var_declaration',
  'range_clause',
]);

/** The named children of `node` of type `type` (Go lists names as repeated `name` fields). */
export function childrenOfType(node: SyntaxNode | null, type: string): SyntaxNode[] {
  return node ? node.namedChildren.filter((c) => c.type === type) : [];
}

/** Names on the left of `:=` (a short variable declaration or a `range` clause). */
export function shortVarNames(node: SyntaxNode): SyntaxNode[] {
  if (node.type === 'range_clause' && !node.children.some((c) => c.type === ':=')) return [];
  return childrenOfType(node.childForFieldName('left'), 'identifier');
}

/** The declarations of one Go file. */
export class GoWalker extends NodeWalker {
  protected override visit(node: SyntaxNode, type: string): void {
    switch (type) {
      case 'function_declaration':
        this.declare(node, node.childForFieldName('name'), 'function', this.container);
        this.addParameters(node.childForFieldName('parameters'));
        break;
      case 'method_declaration': {
        const receiver = node.childForFieldName('receiver');
        const owner = receiver?.descendantsOfType('type_identifier')[0]?.text;
        this.declare(node, node.childForFieldName('name'), 'method', owner);
        this.addParameters(receiver);
        this.addParameters(node.childForFieldName('parameters'));
        break;
      }
      case 'func_literal':
        this.addParameters(node.childForFieldName('parameters'));
        break;
      case 'type_spec':
      case 'type_alias': {
        const name = node.childForFieldName('name');
        const body = node.childForFieldName('type')?.type;
        const kind: DeclarationKind =
          type === 'type_alias' ? 'typeAlias' : body === 'struct_type' ? 'class' : body === 'interface_type' ? 'interface' : 'typeAlias';
        this.declare(node, name, kind, this.container);
        if (name) this.container = name.text;
        break;
      }
      case 'field_declaration':
        for (const name of childrenOfType(node, 'field_identifier')) this.declare(node, name, 'property', this.container);
        break;
      case 'method_elem':
        this.declare(node, node.childForFieldName('name'), 'method', this.container);
        this.addParameters(node.childForFieldName('parameters'));
        break;
      case 'const_spec':
      case 'var_spec':
        this.addSpec(node, type === 'const_spec' ? 'constant' : 'variable');
        break;
      case 'short_var_declaration':
      case 'range_clause': {
        const value = node.childForFieldName('right')?.namedChildren;
        const mods = value?.length === 1 && value[0]!.type === 'func_literal' ? ['functionValue' as const] : [];
        for (const name of shortVarNames(node)) {
          if (this.firstInScope(name.text, SCOPES)) this.declare(node, name, 'variable', undefined, new Set(mods));
        }
        break;
      }
    }
  }

  /** `const A, B = …` / `var x T = …`: one declaration per name; a lone name bound to a func literal is a function value. */
  private addSpec(node: SyntaxNode, kind: DeclarationKind): void {
    const names = childrenOfType(node, 'identifier');
    const value = node.childForFieldName('value')?.namedChildren;
    const moduleScope = this.ancestorType(2) === 'source_file';
    for (const name of names) {
      const mods = new Set<Modifier>(moduleScope ? ['moduleScope'] : []);
      if (kind === 'constant') mods.add('const');
      if (names.length === 1 && value?.length === 1 && value[0]!.type === 'func_literal') mods.add('functionValue');
      this.declare(node, name, kind, undefined, mods);
    }
  }

  private addParameters(list: SyntaxNode | null): void {
    for (const param of list?.namedChildren ?? []) {
      for (const name of childrenOfType(param, 'identifier')) this.declare(name, name, 'parameter', undefined);
    }
  }

  private declare(node: SyntaxNode, name: SyntaxNode | null, kind: DeclarationKind, container: string | undefined, mods = new Set<Modifier>()): void {
    if (!name) return;
    // Go's visibility is the case of the first letter.
    if (kind !== 'parameter' && /^\p{Lu}/u.test(name.text)) mods.add('exported');
    this.record(node, name, kind, mods, container);
  }
}
