/**
 * @fileoverview Named declarations with their ranges: what the naming rule
 * checks and what the chunker cuts into index entries. One walk per file.
 */
import type { SyntaxNode } from './parse.js';
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
  /** A variable bound to an arrow function or function expression. */
  | 'functionValue'
  /** A function or function-valued constant whose body renders JSX. */
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
  /** The node whose text is the declaration's code. */
  readonly node: SyntaxNode;
  /** The class, interface, enum or object a member belongs to. */
  readonly container?: string;
}

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const JSX_TYPES = ['jsx_element', 'jsx_self_closing_element', 'jsx_fragment'];
const MEMBER_KEYWORDS: ReadonlyMap<string, Modifier> = new Map([
  ['static', 'static'],
  ['readonly', 'readonly'],
  ['async', 'async'],
  ['abstract', 'abstract'],
  ['get', 'accessor'],
  ['set', 'accessor'],
]);

/** Every named declaration in `file`, in source order. */
export function collectDeclarations(file: SourceFile): Declaration[] {
  const out: Declaration[] = [];
  visit(file.root, out, undefined);
  return out;
}

/** Whether a parameter's name is read anywhere in its function. */
export function isParameterUsed(parameter: Declaration): boolean {
  let fn: SyntaxNode | null = parameter.node.parent;
  while (fn && fn.type !== 'formal_parameters' && !FUNCTION_VALUES.has(fn.type)) fn = fn.parent;
  const body = fn?.type === 'formal_parameters' ? fn.parent?.childForFieldName('body') : fn?.childForFieldName('body');
  if (!body) return false;
  return body.descendantsOfType(['identifier', 'shorthand_property_identifier']).some((n) => n.text === parameter.name);
}

function visit(node: SyntaxNode, out: Declaration[], container: string | undefined): void {
  let inner = container;
  switch (node.type) {
    case 'function_declaration':
    case 'generator_function_declaration':
      add(out, node, node.childForFieldName('name'), 'function', container, functionModifiers(node));
      addParameters(out, node);
      break;
    case 'class_declaration':
    case 'abstract_class_declaration':
    case 'class': {
      const name = node.childForFieldName('name');
      add(out, node, name, 'class', container, keywordModifiers(node));
      inner = name?.text ?? container;
      break;
    }
    case 'interface_declaration':
      inner = add(out, node, node.childForFieldName('name'), 'interface', container)?.name ?? container;
      break;
    case 'type_alias_declaration':
      add(out, node, node.childForFieldName('name'), 'typeAlias', container);
      break;
    case 'enum_declaration':
      inner = add(out, node, node.childForFieldName('name'), 'enum', container)?.name ?? container;
      break;
    case 'enum_assignment':
      add(out, node, node.childForFieldName('name'), 'enumMember', container);
      break;
    case 'property_identifier':
      if (node.parent?.type === 'enum_body') add(out, node, node, 'enumMember', container);
      break;
    case 'method_definition':
    case 'method_signature':
    case 'abstract_method_signature': {
      const mods = functionModifiers(node);
      if (node.parent?.type === 'object') mods.add('objectLiteral');
      add(out, node, node.childForFieldName('name'), 'method', container, mods);
      addParameters(out, node);
      break;
    }
    case 'public_field_definition':
    case 'field_definition':
    case 'property_signature': {
      const name = node.childForFieldName('name') ?? node.childForFieldName('property');
      add(out, node, name, 'property', container, keywordModifiers(node));
      break;
    }
    case 'variable_declarator':
      addVariable(out, node, container);
      break;
    case 'arrow_function':
    case 'function_expression':
    case 'function':
    case 'generator_function':
      addParameters(out, node);
      break;
  }
  for (const child of node.namedChildren) visit(child, out, inner);
}

function add(
  out: Declaration[],
  node: SyntaxNode,
  nameNode: SyntaxNode | null,
  kind: DeclarationKind,
  container: string | undefined,
  modifiers: Set<Modifier> = new Set(),
): Declaration | undefined {
  // Computed and string-literal names are data, not identifiers.
  if (!nameNode || !/identifier(_pattern)?$/.test(nameNode.type)) return undefined;
  if (isExported(node)) modifiers.add('exported');
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
  out.push(declaration);
  return declaration;
}

function addVariable(out: Declaration[], declarator: SyntaxNode, container: string | undefined): void {
  const statement = declarator.parent;
  const keyword = statement?.firstChild?.type;
  const isConst = keyword === 'const';
  const moduleScope = statement?.parent?.type === 'program' || statement?.parent?.type === 'export_statement';
  const nameNode = declarator.childForFieldName('name');
  const value = declarator.childForFieldName('value');
  const mods = new Set<Modifier>();
  if (isConst) mods.add('const');
  if (moduleScope) mods.add('moduleScope');
  if (value && FUNCTION_VALUES.has(value.type)) {
    mods.add('functionValue');
    if (rendersJsx(value)) mods.add('rendersJsx');
  }
  if (nameNode?.type === 'identifier') {
    const kind = isConst && moduleScope ? 'constant' : 'variable';
    // The binding spans `const x = …` so a bound function's chunk keeps its name.
    add(out, declarator, nameNode, kind, container, mods);
    return;
  }
  if (!nameNode) return;
  mods.add('destructured');
  for (const id of patternIdentifiers(nameNode)) add(out, declarator, id, 'variable', container, new Set(mods));
}

function addParameters(out: Declaration[], fn: SyntaxNode): void {
  const params = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
  if (!params) return;
  const list = params.type === 'formal_parameters' ? params.namedChildren : [params];
  for (const param of list) {
    const pattern = param.childForFieldName('pattern') ?? param;
    const destructured = pattern.type === 'object_pattern' || pattern.type === 'array_pattern';
    // `constructor(private readonly svc: S)` declares a property, not just a parameter.
    const propertyModifiers = keywordModifiers(param);
    const isParameterProperty = param.children.some((c) => c.type === 'accessibility_modifier' || c.type === 'readonly');
    for (const id of patternIdentifiers(pattern)) {
      if (isParameterProperty) add(out, param, id, 'property', undefined, propertyModifiers);
      else add(out, id, id, 'parameter', undefined, new Set<Modifier>(destructured ? ['destructured'] : []));
    }
  }
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

function functionModifiers(node: SyntaxNode): Set<Modifier> {
  const mods = keywordModifiers(node);
  if (rendersJsx(node)) mods.add('rendersJsx');
  return mods;
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

function rendersJsx(node: SyntaxNode): boolean {
  return node.descendantsOfType(JSX_TYPES).length > 0;
}

function isExported(node: SyntaxNode): boolean {
  let current: SyntaxNode | null = node.parent;
  // `export const a = …` wraps declarator → lexical_declaration → export_statement.
  for (let depth = 0; current && depth < 2; depth++, current = current.parent) {
    if (current.type === 'export_statement') return true;
  }
  return false;
}

