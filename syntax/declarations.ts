/**
 * @fileoverview Named declarations with their ranges: what the naming rule
 * checks and what the chunker cuts into index entries. One cursor walk per
 * file, cached per SourceFile, so the rule engine and the chunker share it.
 *
 * The walk is linear in the size of the tree: nodes are read through a
 * TreeCursor (a node object is only made for node types that declare
 * something), and "renders JSX" is found in the same pass by flagging each
 * open node that has a JSX descendant as the walk leaves it.
 */
import type { LanguageId } from './languages.js';
import type { SyntaxNode, TreeCursor } from './parse.js';
import type { SourceFile } from './source-file.js';

export type DeclarationKind =
  | 'function'
  | 'variable'
  | 'constant'
  | 'parameter'
  | 'class'
  | 'interface'
  | 'typeAlias'
  | 'enum'
  | 'enumMember'
  | 'method'
  | 'property';

export type Modifier =
  | 'exported'
  | 'const'
  | 'moduleScope'
  | 'static'
  | 'private'
  | 'protected'
  | 'readonly'
  | 'async'
  | 'abstract'
  | 'accessor'
  | 'destructured'
  | 'objectLiteral'
  /** A variable, class field, parameter property or object-literal key bound to an arrow function or function expression. */
  | 'functionValue'
  /** A function, method or function-valued binding whose code renders JSX. */
  | 'rendersJsx';

export interface Declaration {
  readonly name: string;
  readonly kind: DeclarationKind;
  readonly modifiers: ReadonlySet<Modifier>;
  /** 1-based position of the name. */
  readonly line: number;
  readonly column: number;
  /** 1-based lines of the whole declaration (for a bound function: the binding). */
  readonly startLine: number;
  readonly endLine: number;
  /**
   * The node whose text is the declaration's code: the function, class or
   * member; the `variable_declarator` of a variable; the `pair` of an
   * object-literal key bound to a function; the binding pattern of a `catch`
   * or `for … of/in` variable; the identifier of a parameter.
   */
  readonly node: SyntaxNode;
  /**
   * The class, interface, enum or object a member belongs to. For members of
   * an object literal or an anonymous class expression it is the name the
   * value is bound to (`const o = {…}` → `o`, see `boundName`), and absent
   * when it is bound to none: never a class that merely encloses it.
   */
  readonly container?: string;
}

/** Node types of function values: what a binding to a function is bound to. */
export const FUNCTION_VALUE_TYPES: ReadonlySet<string> = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
]);

/** Whether `node` is an arrow function or function expression. */
export function isFunctionValue(node: SyntaxNode | null | undefined): node is SyntaxNode {
  return node != null && FUNCTION_VALUE_TYPES.has(node.type);
}

const JSX_TYPES: ReadonlySet<string> = new Set(['jsx_element', 'jsx_self_closing_element', 'jsx_fragment']);
const MEMBER_KEYWORDS: ReadonlyMap<string, Modifier> = new Map([
  ['static', 'static'],
  ['readonly', 'readonly'],
  ['async', 'async'],
  ['abstract', 'abstract'],
  ['get', 'accessor'],
  ['set', 'accessor'],
]);
// Expressions that wrap a value without changing what it is bound to.
const WRAPPERS: ReadonlySet<string> = new Set([
  'as_expression',
  'satisfies_expression',
  'parenthesized_expression',
  'non_null_expression',
]);

// Named node types the walk looks at; every other node is passed by type alone.
const DECLARING_TYPES: ReadonlySet<string> = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_signature',
  'class_declaration',
  'abstract_class_declaration',
  'class',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
  'enum_assignment',
  'method_definition',
  'method_signature',
  'abstract_method_signature',
  'public_field_definition',
  'field_definition',
  'property_signature',
  'pair',
  'variable_declarator',
  'catch_clause',
  'for_in_statement',
  ...FUNCTION_VALUE_TYPES,
]);

const cache = new WeakMap<SourceFile, readonly Declaration[]>();

/** Every named declaration in `file`, in source order. Computed once per SourceFile. */
export function collectDeclarations(file: SourceFile): readonly Declaration[] {
  let found = cache.get(file);
  if (!found) {
    found = Object.freeze(walk(file));
    cache.set(file, found);
  }
  return found;
}

/** Whether a parameter's name is read anywhere in its function. */
export function isParameterUsed(parameter: Declaration): boolean {
  let fn: SyntaxNode | null = parameter.node.parent;
  while (fn && fn.type !== 'formal_parameters' && !FUNCTION_VALUE_TYPES.has(fn.type)) fn = fn.parent;
  const body = fn?.type === 'formal_parameters' ? fn.parent?.childForFieldName('body') : fn?.childForFieldName('body');
  if (!body) return false;
  return body.descendantsOfType(['identifier', 'shorthand_property_identifier']).some((n) => n.text === parameter.name);
}

/**
 * The name an object literal or class expression is bound to:
 * `const handlers = {…}` → `handlers`, `{ key: {…} }` → `owner.key`,
 * `exports.x = {…}` → `x`, `Foo.prototype.bar = …` → `Foo.bar`,
 * `export default …` → `default`; undefined when it is bound to no name.
 * Works for any value node (a function value too).
 */
export function boundName(node: SyntaxNode | null): string | undefined {
  let current = node;
  while (current?.parent && WRAPPERS.has(current.parent.type)) current = current.parent;
  const parent = current?.parent ?? null;
  return bindingName(parent?.type, parent, () => boundName(parent?.parent ?? null));
}

/**
 * The name a value gets from `parent`, the node that binds it (wrappers
 * skipped); `outer` names the object around a `pair`. Shared by `boundName`
 * (which finds parents through the tree) and the walk (through its frames).
 */
function bindingName(
  parentType: string | undefined,
  parent: SyntaxNode | null | undefined,
  outer: () => string | undefined,
): string | undefined {
  switch (parentType) {
    case 'variable_declarator': {
      const name = parent?.childForFieldName('name');
      return name?.type === 'identifier' ? name.text : undefined;
    }
    case 'pair': {
      const key = parent?.childForFieldName('key');
      return key?.type === 'property_identifier' ? qualifiedName(outer(), key.text) : undefined;
    }
    case 'assignment_expression': {
      const left = parent?.childForFieldName('left');
      return left ? assignedName(left) : undefined;
    }
    case 'export_statement':
      return 'default';
    default:
      return undefined;
  }
}

/** `exports.load` → `load`, `Foo.prototype.bar` → `Foo.bar`, `module.exports` stays. */
function assignedName(left: SyntaxNode): string {
  const text = left.text.replace(/\s+/g, '');
  return text.replace(/^(module\.)?exports\.(?=.)/, '').replace(/\.prototype\./g, '.');
}

/** `Owner.name`, or `name` without an owner: how members are named in chunks and findings. */
export function qualifiedName(owner: string | undefined, name: string): string {
  return owner ? `${owner}.${name}` : name;
}

/** A node the walk is inside of (an ancestor of the node being visited). */
interface Frame {
  readonly type: string;
  /** The node, when the walk made one (declaring types and assignments only). */
  readonly node: SyntaxNode | undefined;
  /** The type of its first child: the keyword of a `const`/`let`/`var` statement. */
  firstChildType: string | undefined;
  /** The container of declarations below this node. */
  readonly container: string | undefined;
  /** Modifier sets that get `rendersJsx` when this node has a JSX descendant. */
  readonly jsxTargets: Set<Modifier>[] | undefined;
  hasJsx: boolean;
  /** For object and class frames: the name the value is bound to, once computed. */
  owner?: string | null;
}

/**
 * What the walk does with a node type: nothing; note JSX; make the node and
 * visit it; make the node only (an assignment names the value on its right);
 * visit a property name when it is an enum member.
 */
type Role = 'pass' | 'jsx' | 'declares' | 'keep' | 'propertyName';

interface TypeInfo {
  readonly name: string;
  readonly role: Role;
}

// Per language, by node type id: reading a type id is cheaper than reading a type name.
const typeTables = new Map<LanguageId, TypeInfo[]>();

function typeInfo(table: TypeInfo[], id: number, cursor: TreeCursor): TypeInfo {
  let info = table[id];
  if (!info) {
    const name = cursor.nodeType;
    // Anonymous nodes (keywords like `class` and `function`) share names with named types.
    let role: Role = 'pass';
    if (cursor.nodeIsNamed) {
      if (JSX_TYPES.has(name)) role = 'jsx';
      else if (name === 'property_identifier') role = 'propertyName';
      else if (DECLARING_TYPES.has(name)) role = 'declares';
      else if (name === 'assignment_expression') role = 'keep';
    }
    info = table[id] = { name, role };
  }
  return info;
}

/**
 * One walk over a file. Ancestors are read from the frame stack, never
 * through `node.parent`: tree-sitter finds a parent by descending from the
 * root, so parent lookups would make the walk quadratic on deep nesting.
 */
class DeclarationWalker {
  readonly out: Declaration[] = [];
  private readonly frames: Frame[] = [];
  // What visiting the current node decided for its subtree.
  private container: string | undefined;
  private jsxTargets: Set<Modifier>[] | undefined;

  run(file: SourceFile): Declaration[] {
    let table = typeTables.get(file.language);
    if (!table) typeTables.set(file.language, (table = []));
    const cursor = file.tree.walk();
    const frames = this.frames;
    // Iterative pre-order walk: declarations come out in source order, outer first.
    for (;;) {
      const parent = frames[frames.length - 1];
      const { name: type, role } = typeInfo(table, cursor.nodeTypeId, cursor);
      if (parent && parent.firstChildType === undefined) parent.firstChildType = type;
      this.container = parent?.container;
      this.jsxTargets = undefined;
      let node: SyntaxNode | undefined;
      if (role === 'jsx') {
        if (parent) parent.hasJsx = true;
      } else if (role === 'declares' || (role === 'propertyName' && parent?.type === 'enum_body')) {
        node = cursor.currentNode;
        this.visit(node, type);
      } else if (role === 'keep') {
        node = cursor.currentNode;
      }
      if (cursor.gotoFirstChild()) {
        const { container, jsxTargets } = this;
        frames.push({ type, node, firstChildType: undefined, container, jsxTargets, hasJsx: false });
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return this.out;
        this.leave();
      }
    }
  }

  /** Pops the frame of a finished node, passing "has a JSX descendant" up. */
  private leave(): void {
    const done = this.frames.pop()!;
    if (!done.hasJsx) return;
    for (const mods of done.jsxTargets ?? []) mods.add('rendersJsx');
    const up = this.frames[this.frames.length - 1];
    if (up) up.hasJsx = true;
  }

  /** The type of the visited node's k-th ancestor (1: its parent). */
  private ancestorType(k: number): string | undefined {
    return this.frames[this.frames.length - k]?.type;
  }

  /** Whether the visited node is exported (`export function`, `export const x = …`). */
  private exported(): boolean {
    return this.ancestorType(1) === 'export_statement' || this.ancestorType(2) === 'export_statement';
  }

  private visit(node: SyntaxNode, type: string): void {
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
        // Function values: their parameters.
        if (FUNCTION_VALUE_TYPES.has(type)) this.addParameters(node);
    }
  }

  private add(
    node: SyntaxNode,
    nameNode: SyntaxNode | null,
    kind: DeclarationKind,
    container: string | undefined,
    modifiers: Set<Modifier> = new Set(),
    exported = false,
  ): Declaration | undefined {
    // Computed and string-literal names are data, not identifiers.
    if (!nameNode || !/identifier(_pattern)?$/.test(nameNode.type)) return undefined;
    if (exported) modifiers.add('exported');
    const declaration: Declaration = {
      name: nameNode.text,
      kind,
      modifiers,
      line: nameNode.startPosition.row + 1,
      column: nameNode.startPosition.column + 1,
      startLine: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      node,
      ...(container === undefined ? {} : { container }),
    };
    this.out.push(declaration);
    return declaration;
  }

  private addVariable(declarator: SyntaxNode, container: string | undefined): void {
    // The statement is the declarator's parent: `const`/`let`/`var` is its first child.
    const isConst = this.frames[this.frames.length - 1]?.firstChildType === 'const';
    const scope = this.ancestorType(2);
    const moduleScope = scope === 'program' || scope === 'export_statement';
    const exported = this.exported();
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
    for (const param of list) {
      const pattern = param.childForFieldName('pattern') ?? param;
      const destructured = pattern.type === 'object_pattern' || pattern.type === 'array_pattern';
      // `constructor(private readonly svc: S)` declares a property, not just a parameter.
      const propertyModifiers = keywordModifiers(param);
      const isParameterProperty = param.children.some((c) => c.type === 'accessibility_modifier' || c.type === 'readonly');
      if (isParameterProperty && isFunctionValue(param.childForFieldName('value'))) propertyModifiers.add('functionValue');
      for (const id of patternIdentifiers(pattern)) {
        if (isParameterProperty) this.add(param, id, 'property', undefined, propertyModifiers);
        else this.add(id, id, 'parameter', undefined, new Set<Modifier>(destructured ? ['destructured'] : []));
      }
    }
  }

  /**
   * `boundName` of the node at frame depth `index` (the visited node itself
   * when `index` is frames.length), read from the frames; memoised per frame.
   */
  private ownerOf(index: number): string | undefined {
    const frames = this.frames;
    const memo = frames[index]?.owner;
    if (memo !== undefined) return memo ?? undefined;
    let i = index;
    while (i > 0 && WRAPPERS.has(frames[i - 1]!.type)) i--;
    const parent = frames[i - 1];
    const owner = bindingName(parent?.type, parent?.node, () => this.ownerOf(i - 2));
    const frame = frames[index];
    if (frame) frame.owner = owner ?? null;
    return owner;
  }
}

function walk(file: SourceFile): Declaration[] {
  return new DeclarationWalker().run(file);
}

/** Identifiers a binding pattern introduces (`{a, b: c}`, `[d, ...e]`, `f = 1`). */
function patternIdentifiers(pattern: SyntaxNode): SyntaxNode[] {
  switch (pattern.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      return [pattern];
    case 'pair_pattern':
      return pattern.childForFieldName('value') ? patternIdentifiers(pattern.childForFieldName('value')!) : [];
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      return pattern.childForFieldName('left') ? patternIdentifiers(pattern.childForFieldName('left')!) : [];
    case 'object_pattern':
    case 'array_pattern':
    case 'rest_pattern':
      return pattern.namedChildren.flatMap(patternIdentifiers);
    default:
      return [];
  }
}

function keywordModifiers(node: SyntaxNode): Set<Modifier> {
  const mods = new Set<Modifier>();
  for (const child of node.children) {
    const keyword = MEMBER_KEYWORDS.get(child.type);
    if (keyword) mods.add(keyword);
    if (child.type === 'accessibility_modifier') {
      if (child.text === 'private') mods.add('private');
      if (child.text === 'protected') mods.add('protected');
    }
    if (child.type === 'private_property_identifier') mods.add('private');
  }
  return mods;
}
