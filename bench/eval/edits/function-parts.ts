/**
 * @fileoverview The parts of a function as text, for the edits that write
 * it in another form (`arrow-function`, `class-move`): its modifiers, name,
 * type parameters, parameter list, return type and body, an expression body
 * turned into a block with a `return`.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { applyEdits, containsOutsideFunctions, indentAt, indentUnit, type TextEdit } from '../syntax-util.js';

/** A function's pieces, each as its source text ('' when absent). */
export interface FunctionParts {
  readonly async: boolean;
  readonly generator: boolean;
  readonly typeParameters: string;
  /** With the parentheses (a bare arrow parameter gets them). */
  readonly parameters: string;
  /** With its colon: `: T`. */
  readonly returnType: string;
  /** Always a block. */
  readonly body: string;
  readonly usesThis: boolean;
}

/**
 * The parts of `fn` (a function declaration or expression, an arrow or a
 * method); undefined without a body. `bodyEdits` (file offsets inside the
 * body) are applied to the body's text.
 */
export function functionParts(fn: SyntaxNode, text: string, bodyEdits: readonly TextEdit[] = []): FunctionParts | undefined {
  const body = fn.childForFieldName('body');
  const single = fn.childForFieldName('parameter');
  const params = fn.childForFieldName('parameters');
  if (!body || (!single && !params)) return undefined;
  const indent = indentAt(text, fn.startIndex);
  const bodyText = applyEdits(text, body.startIndex, body.endIndex, bodyEdits);
  if (bodyText === undefined) return undefined;
  const block = body.type === 'statement_block' ? bodyText : `{\n${indent}${indentUnit(text)}return ${bodyText};\n${indent}}`;
  return {
    async: fn.children.some((c) => c.type === 'async'),
    generator: fn.children.some((c) => c.type === '*'),
    typeParameters: fn.childForFieldName('type_parameters')?.text ?? '',
    parameters: single ? `(${single.text})` : params!.text,
    returnType: fn.childForFieldName('return_type')?.text ?? '',
    body: block,
    usesThis: containsOutsideFunctions(body, (n) => n.type === 'this' || n.type === 'super', false),
  };
}

/** The function a `const name = …` declaration binds, with the declaration and the name; undefined otherwise. */
export function constBinding(fn: SyntaxNode): { readonly declaration: SyntaxNode; readonly name: SyntaxNode } | undefined {
  const declarator = fn.parent;
  const declaration = declarator?.parent;
  if (declarator?.type !== 'variable_declarator' || declarator.childForFieldName('value')?.startIndex !== fn.startIndex) return undefined;
  if (declaration?.type !== 'lexical_declaration' || declaration.namedChildren.filter((c) => c.type === 'variable_declarator').length !== 1) return undefined;
  const name = declarator.childForFieldName('name');
  // `const f: Handler = …` types the binding, not the function: moving it would lose the type.
  if (name?.type !== 'identifier' || declarator.childForFieldName('type')) return undefined;
  return { declaration, name };
}
