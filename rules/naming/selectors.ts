/**
 * @fileoverview Which typescript-eslint selector a declaration falls under
 * and which of its modifiers it carries, read from the kernel's declarations
 * and the syntax around them, without type information. `unused` is
 * approximated syntactically (see `isUnused`).
 */
import { firstTokenAt, tokenText, type Declaration, type SourceFile, type SyntaxNode } from '../../syntax/index.js';
import type { ModifierName, SelectorName } from './conventions.js';

/** A declaration as typescript-eslint's naming-convention classifies it. */
interface Classified {
  readonly selector: SelectorName;
  readonly modifiers: ReadonlySet<ModifierName>;
}

// Leaves that can name a binding; `obj.name` (a property_identifier) does not refer to a variable `name`.
const REFERENCE_TYPES: ReadonlySet<string> = new Set(['identifier', 'type_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern']);

/** Facts about the whole file that modifiers need: computed once per file. */
export class ModuleFacts {
  /** Names exported by `export { a, b as c }` or `export default a`. */
  private readonly exportedNames = new Set<string>();
  /** How often each identifier is spelled in the file. */
  private readonly mentions = new Map<string, number>();
  /** Identifier spellings inside a function body, by the body's start offset. */
  private readonly bodyNames = new Map<number, Set<string>>();

  constructor(readonly file: SourceFile) {
    for (const statement of file.root.namedChildren) {
      if (statement.type !== 'export_statement') continue;
      // Specifiers sit in the statement's clause: `export { a, b as c }`.
      for (const clause of statement.namedChildren) {
        if (clause.type !== 'export_clause') continue;
        for (const specifier of clause.namedChildren) {
          const local = specifier.childForFieldName('name');
          if (local) this.exportedNames.add(local.text);
        }
      }
      const value = statement.childForFieldName('value');
      if (value?.type === 'identifier') this.exportedNames.add(value.text);
    }
    for (const token of file.tokens) {
      if (!REFERENCE_TYPES.has(token.type)) continue;
      const text = tokenText(file, token);
      this.mentions.set(text, (this.mentions.get(text) ?? 0) + 1);
    }
  }

  /**
   * Whether a function body spells `name` (what `isParameterUsed` asks, from
   * the tokens instead of a tree search per parameter; one set per body).
   */
  bodyMentions(body: SyntaxNode, name: string): boolean {
    let names = this.bodyNames.get(body.startIndex);
    if (!names) {
      names = new Set();
      const tokens = this.file.tokens;
      const { startIndex, endIndex } = body;
      for (let i = firstTokenAt(tokens, startIndex); i < tokens.length && tokens[i]!.startIndex < endIndex; i++) {
        const type = tokens[i]!.type;
        if (type === 'identifier' || type === 'shorthand_property_identifier') names.add(tokenText(this.file, tokens[i]!));
      }
      this.bodyNames.set(startIndex, names);
    }
    return names.has(name);
  }

  /** How often `name` is spelled in the file. */
  mentionCount(name: string): number {
    return this.mentions.get(name) ?? 0;
  }

  isExported(declaration: Declaration): boolean {
    return declaration.modifiers.has('exported') || this.exportedNames.has(declaration.name);
  }

  /**
   * Unused: not exported and its name spelled nowhere else in the file. A
   * name spelled again counts as used even when the other spelling is a
   * different binding (shadowing), the one case typescript-eslint's scope
   * analysis decides differently.
   */
  isUnused(declaration: Declaration): boolean {
    return !this.isExported(declaration) && (this.mentions.get(declaration.name) ?? 0) <= 1;
  }
}

const ASYNC_VALUES = new Set(['arrow_function', 'function_expression', 'function']);

function isAsyncValue(value: SyntaxNode | null): boolean {
  return value !== null && ASYNC_VALUES.has(value.type) && value.firstChild?.type === 'async';
}

/** The class-member modifiers: accessibility (`public` when none), static, readonly, override, abstract. */
function memberModifiers(declaration: Declaration): Set<ModifierName> {
  const mods = new Set<ModifierName>();
  const has = declaration.modifiers;
  if (declaration.name.startsWith('#')) mods.add('#private');
  else if (has.has('private')) mods.add('private');
  else if (has.has('protected')) mods.add('protected');
  else mods.add('public');
  if (has.has('static')) mods.add('static');
  if (has.has('readonly')) mods.add('readonly');
  if (has.has('abstract') || declaration.node.type.startsWith('abstract_')) mods.add('abstract');
  if (declaration.node.children.some((c) => c.type === 'override_modifier')) mods.add('override');
  return mods;
}

/**
 * The selector and modifiers of `declaration`, or undefined when
 * typescript-eslint does not check it (catch bindings, constructors,
 * parameters of interface method signatures).
 */
export function classify(declaration: Declaration, facts: ModuleFacts): Classified | undefined {
  const has = declaration.modifiers;
  const node = declaration.node;
  const mods = new Set<ModifierName>();
  switch (declaration.kind) {
    case 'variable':
    case 'constant':
      return classifyVariable(declaration, facts);
    case 'function': {
      const parent = node.parent?.type;
      if (parent === 'program' || parent === 'export_statement') mods.add('global');
      if (facts.isExported(declaration)) mods.add('exported');
      if (facts.isUnused(declaration)) mods.add('unused');
      if (has.has('async')) mods.add('async');
      return { selector: 'function', modifiers: mods };
    }
    case 'parameter': {
      const owner = declaration.owner;
      if (!owner || owner.type === 'method_signature') return undefined;
      if (node.type === 'shorthand_property_identifier_pattern') mods.add('destructured');
      // Parameters of signatures without a body (overloads, abstract methods, `declare`) are never `unused` to typescript-eslint.
      const body = owner.childForFieldName('body');
      if (body && !facts.bodyMentions(body, declaration.name)) mods.add('unused');
      return { selector: 'parameter', modifiers: mods };
    }
    case 'property':
      return classifyProperty(declaration, node);
    case 'method':
      return classifyMethod(declaration, node);
    case 'class':
      if (has.has('abstract') || node.type === 'abstract_class_declaration') mods.add('abstract');
      return withVisibility('class', declaration, facts, mods);
    case 'interface':
    case 'typeAlias':
    case 'enum':
      return withVisibility(declaration.kind, declaration, facts, mods);
    case 'enumMember':
      return { selector: 'enumMember', modifiers: mods };
  }
}

function classifyVariable(declaration: Declaration, facts: ModuleFacts): Classified | undefined {
  const { node, modifiers: has } = declaration;
  if (node.type !== 'variable_declarator' && node.parent?.type === 'catch_clause') return undefined;
  const mods = new Set<ModifierName>();
  if (has.has('const')) mods.add('const');
  if (has.has('moduleScope')) mods.add('global');
  // typescript-eslint: only shorthand object destructuring (`{x}`, `{x = 1}`), not `{a: x}` or `[x]`.
  if (has.has('destructured') && declaration.nameNode.type === 'shorthand_property_identifier_pattern') mods.add('destructured');
  if (facts.isExported(declaration)) mods.add('exported');
  if (facts.isUnused(declaration)) mods.add('unused');
  if (node.type === 'variable_declarator' && isAsyncValue(node.childForFieldName('value'))) mods.add('async');
  return { selector: 'variable', modifiers: mods };
}

function withVisibility(selector: SelectorName, declaration: Declaration, facts: ModuleFacts, mods: Set<ModifierName>): Classified {
  if (facts.isExported(declaration)) mods.add('exported');
  if (facts.isUnused(declaration)) mods.add('unused');
  return { selector, modifiers: mods };
}

function classifyProperty(declaration: Declaration, node: SyntaxNode): Classified {
  if (node.type === 'required_parameter' || node.type === 'optional_parameter') {
    return { selector: 'parameterProperty', modifiers: memberModifiers(declaration) };
  }
  if (node.type === 'property_signature') {
    const mods = new Set<ModifierName>(['public']);
    const annotation = node.childForFieldName('type')?.namedChildren[0];
    if (annotation?.type === 'function_type') return { selector: 'typeMethod', modifiers: mods };
    if (declaration.modifiers.has('readonly')) mods.add('readonly');
    return { selector: 'typeProperty', modifiers: mods };
  }
  const mods = memberModifiers(declaration);
  if (!declaration.modifiers.has('functionValue')) return { selector: 'classProperty', modifiers: mods };
  if (isAsyncValue(node.childForFieldName('value'))) mods.add('async');
  return { selector: 'classMethod', modifiers: mods };
}

function classifyMethod(declaration: Declaration, node: SyntaxNode): Classified | undefined {
  const accessor = declaration.modifiers.has('accessor');
  if (declaration.modifiers.has('objectLiteral')) {
    const mods = new Set<ModifierName>(['public']);
    if (accessor) return { selector: 'classicAccessor', modifiers: mods };
    const async = node.type === 'pair' ? isAsyncValue(node.childForFieldName('value')) : declaration.modifiers.has('async');
    if (async) mods.add('async');
    return { selector: 'objectLiteralMethod', modifiers: mods };
  }
  // A body-less signature in a class (`declare class`, overloads) is a class member; in an interface, a type member.
  if (node.type === 'method_signature' && node.parent?.type !== 'class_body') {
    return { selector: 'typeMethod', modifiers: new Set(['public']) };
  }
  // A constructor is not a method to typescript-eslint.
  if (declaration.name === 'constructor') return undefined;
  const mods = memberModifiers(declaration);
  if (accessor) return { selector: 'classicAccessor', modifiers: mods };
  if (declaration.modifiers.has('async')) mods.add('async');
  return { selector: 'classMethod', modifiers: mods };
}

/**
 * Names no kernel declaration covers but typescript-eslint checks: type
 * parameters (`<T>`) and default or namespace imports (`import x`,
 * `import * as ns`), made only when pasted conventions are in use.
 */
export function extraSubjects(file: SourceFile, facts: ModuleFacts): (Classified & { name: string; line: number; column: number })[] {
  const out: (Classified & { name: string; line: number; column: number })[] = [];
  const add = (id: SyntaxNode | null | undefined, selector: SelectorName, modifiers: Set<ModifierName>): void => {
    if (!id) return;
    out.push({ selector, modifiers, name: id.text, line: id.startPosition.row + 1, column: id.startPosition.column + 1 });
  };
  // A scan of the node table: cheap, and only with pasted conventions.
  for (const parameter of file.root.descendantsOfType('type_parameter')) {
    const id = parameter.childForFieldName('name');
    // tree-sitter-typescript 0.23 reads the variance of `<out T>` and `<in T>` as the name; the name itself is lost.
    if (id?.text === 'in' || id?.text === 'out') continue;
    add(id, 'typeParameter', new Set(id && facts.mentionCount(id.text) <= 1 ? ['unused'] : []));
  }
  // Imports are top-level statements: no search of the tree needed.
  for (const statement of file.root.namedChildren) {
    if (statement.type !== 'import_statement') continue;
    const clause = statement.namedChildren.find((c) => c.type === 'import_clause');
    for (const child of clause?.namedChildren ?? []) {
      if (child.type === 'identifier') add(child, 'import', new Set(['default']));
      if (child.type === 'namespace_import') add(child.namedChildren.find((c) => c.type === 'identifier'), 'import', new Set(['namespace']));
    }
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
