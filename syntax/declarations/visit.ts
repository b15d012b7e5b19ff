/**
 * @fileoverview What each declaring ECMAScript (TypeScript, TSX, JavaScript)
 * node type declares: functions, classes,
 * interfaces, type aliases, enums and their members, methods (of classes and
 * of object literals), fields, variables and the bindings of patterns,
 * `catch` and `for … of/in`, and parameters (and parameter properties).
 * The walk itself, with its frames, is in walk.ts.
 */
import type { SyntaxNode } from '../parse.js';
import { keywordModifiers } from './modifiers.js';
import { patternIdentifiers } from './names.js';
import { FUNCTION_VALUE_TYPES, isFunctionValue, type Declaration, type DeclarationKind, type Modifier } from './types.js';
import { NodeWalker } from './walk.js';

/** What ECMAScript's declaring nodes declare (the walk that calls `visit` is in walk.ts). */
export class DeclarationWalker extends NodeWalker {
  protected override visit(node: SyntaxNode, type: string): void {
    const container = this.container;
    switch (type) {
      case 'function_declaration':
      case 'generator_function_declaration':
      case 'function_signature': {
        const mods = keywordModifiers(node);
        this.add(node, node.childForFieldName('name'), 'function', container, mods, this.exported());
        this.jsxTargets = [mods];
        this.addParameters(node);
        break;
      }
      case 'class_declaration':
      case 'abstract_class_declaration':
      case 'class': {
        const name = node.childForFieldName('name');
        this.add(node, name, 'class', container, keywordModifiers(node), this.exported());
        // An anonymous class expression's members belong to the name it is bound to, if any.
        this.container = name ? name.text : this.ownerOf(this.frames.length);
        if (!name && this.container !== undefined) this.bound.push({ kind: 'anonymousClass', node, name: this.container });
        break;
      }
      case 'interface_declaration':
        this.container = this.add(node, node.childForFieldName('name'), 'interface', container, new Set(), this.exported())?.name ?? container;
        break;
      case 'type_alias_declaration':
        this.add(node, node.childForFieldName('name'), 'typeAlias', container, new Set(), this.exported());
        break;
      case 'enum_declaration':
        this.container = this.add(node, node.childForFieldName('name'), 'enum', container, new Set(), this.exported())?.name ?? container;
        break;
      case 'enum_assignment':
        this.add(node, node.childForFieldName('name'), 'enumMember', container);
        break;
      case 'property_identifier':
        // Only reached for members of an enum body (see run).
        this.add(node, node, 'enumMember', container);
        break;
      case 'method_definition':
      case 'method_signature':
      case 'abstract_method_signature': {
        const mods = keywordModifiers(node);
        const inObject = this.ancestorType(1) === 'object';
        if (inObject) mods.add('objectLiteral');
        const owner = inObject ? this.ownerOf(this.frames.length - 1) : container;
        this.add(node, node.childForFieldName('name'), 'method', owner, mods, this.exported());
        this.jsxTargets = [mods];
        this.addParameters(node);
        break;
      }
      case 'pair':
        // `key: () => …` or `key: function () {…}` in an object literal: a method of the object.
        if (this.ancestorType(1) === 'object' && isFunctionValue(node.childForFieldName('value'))) {
          const mods = new Set<Modifier>(['objectLiteral', 'functionValue']);
          const owner = this.ownerOf(this.frames.length - 1);
          this.add(node, node.childForFieldName('key'), 'method', owner, mods, this.exported());
          this.jsxTargets = [mods];
        }
        break;
      case 'public_field_definition':
      case 'field_definition':
      case 'property_signature': {
        const name = node.childForFieldName('name') ?? node.childForFieldName('property');
        const mods = keywordModifiers(node);
        if (isFunctionValue(node.childForFieldName('value'))) {
          mods.add('functionValue');
          this.jsxTargets = [mods];
        }
        this.add(node, name, 'property', container, mods);
        break;
      }
      case 'variable_declarator':
        this.addVariable(node, container);
        break;
      case 'catch_clause': {
        const parameter = node.childForFieldName('parameter');
        if (parameter) this.addBindings(parameter, parameter, container, new Set(), false);
        break;
      }
      case 'for_in_statement': {
        // `for (x of xs)` assigns to an existing binding; only `const`/`let`/`var` declare one.
        const keyword = node.childForFieldName('kind')?.type;
        const left = node.childForFieldName('left');
        if (keyword && left) this.addBindings(left, left, container, new Set<Modifier>(keyword === 'const' ? ['const'] : []), false);
        break;
      }
      default:
        // Function values: their parameters, and the binding of those no declaration names.
        if (FUNCTION_VALUE_TYPES.has(type)) {
          this.addParameters(node);
          this.addBoundFunction(node);
        }
    }
  }

  /** `target = <fn>` (to a name or a member) and `export default <fn>`. */
  private addBoundFunction(fn: SyntaxNode): void {
    const parent = this.frames[this.frames.length - 1];
    if (parent?.type === 'assignment_expression' && parent.node && this.fieldName() === 'right') {
      const left = parent.node.childForFieldName('left')?.type;
      const name = left === 'identifier' || left === 'member_expression' ? this.ownerOf(this.frames.length) : undefined;
      if (name) this.bound.push({ kind: 'assignedFunction', node: parent.node, name });
    } else if (parent?.type === 'export_statement' && this.fieldName() === 'value') {
      this.bound.push({ kind: 'defaultExportFunction', node: fn, name: 'default' });
    }
  }

  private add(
    node: SyntaxNode,
    nameNode: SyntaxNode | null,
    kind: DeclarationKind,
    container: string | undefined,
    modifiers: Set<Modifier> = new Set(),
    exported = false,
    owner?: SyntaxNode,
  ): Declaration | undefined {
    // Computed and string-literal names are data, not identifiers.
    if (!nameNode || !/identifier(_pattern)?$/.test(nameNode.type)) return undefined;
    if (exported) modifiers.add('exported');
    return this.record(node, nameNode, kind, modifiers, container, owner);
  }

  private addVariable(declarator: SyntaxNode, container: string | undefined): void {
    // The statement is the declarator's parent: `const`/`let`/`var` is its first child.
    const isConst = this.frames[this.frames.length - 1]?.firstChildType === 'const';
    // `declare const x` wraps the statement in an ambient declaration: scope and export are one level further up.
    const ambient = this.ancestorType(2) === 'ambient_declaration' ? 1 : 0;
    const scope = this.ancestorType(2 + ambient);
    const moduleScope = scope === 'program' || scope === 'export_statement';
    const exported = ambient ? scope === 'export_statement' : this.exported();
    const nameNode = declarator.childForFieldName('name');
    const mods = new Set<Modifier>();
    if (isConst) mods.add('const');
    if (moduleScope) mods.add('moduleScope');
    const functionValue = isFunctionValue(declarator.childForFieldName('value'));
    if (functionValue) mods.add('functionValue');
    if (nameNode?.type === 'identifier') {
      const kind = isConst && moduleScope ? 'constant' : 'variable';
      // The binding spans `const x = …` so a bound function's chunk keeps its name.
      this.add(declarator, nameNode, kind, container, mods, exported);
      if (functionValue) this.jsxTargets = [mods];
      return;
    }
    if (!nameNode) return;
    const added = this.addBindings(declarator, nameNode, container, mods, exported);
    if (functionValue) this.jsxTargets = added;
  }

  /**
   * Variables a binding pattern introduces (`x`, `{a, b: c}`, `[d, ...e]`),
   * each with its own copy of `mods` (plus `destructured` for patterns).
   * Returns the modifier sets it used.
   */
  private addBindings(
    node: SyntaxNode,
    pattern: SyntaxNode,
    container: string | undefined,
    mods: Set<Modifier>,
    exported: boolean,
  ): Set<Modifier>[] {
    if (pattern.type === 'identifier') {
      this.add(node, pattern, 'variable', container, mods, exported);
      return [mods];
    }
    mods.add('destructured');
    return patternIdentifiers(pattern).map((id) => {
      const own = new Set(mods);
      this.add(node, id, 'variable', container, own, exported);
      return own;
    });
  }

  private addParameters(fn: SyntaxNode): void {
    const params = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
    if (!params) return;
    const list = params.type === 'formal_parameters' ? params.namedChildren : [params];
    // Only a constructor's parameters can be properties; reading every parameter's keywords costs a full build ~4 %.
    const constructor = fn.type === 'method_definition' && fn.childForFieldName('name')?.text === 'constructor';
    for (const param of list) {
      const pattern = param.childForFieldName('pattern') ?? param;
      const destructured = pattern.type === 'object_pattern' || pattern.type === 'array_pattern';
      // `constructor(private readonly svc: S)` declares a property, not just a parameter.
      const isParameterProperty = constructor && param.children.some((c) => c.type === 'accessibility_modifier' || c.type === 'readonly');
      const propertyModifiers = isParameterProperty ? keywordModifiers(param) : undefined;
      if (propertyModifiers && isFunctionValue(param.childForFieldName('value'))) propertyModifiers.add('functionValue');
      for (const id of patternIdentifiers(pattern)) {
        if (propertyModifiers) this.add(param, id, 'property', undefined, propertyModifiers);
        else this.add(id, id, 'parameter', undefined, new Set<Modifier>(destructured ? ['destructured'] : []), false, fn);
      }
    }
  }
}
