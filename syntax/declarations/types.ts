/**
 * @fileoverview The vocabulary of declarations: what kind of thing a name
 * declares, the modifiers it can carry, the record the walk emits, and which
 * node types are function values (what a binding to a function is bound to).
 */
import type { SyntaxNode } from '../parse.js';

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
  | 'rendersJsx'
  /** A Python type variable or new type: `T = TypeVar("T")`, `P = t.ParamSpec("P")`, `UserId = NewType(…)`. */
  | 'typeVariable';

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
  /** The name's own node (an identifier, or a shorthand pattern when destructured). */
  readonly nameNode: SyntaxNode;
  /**
   * The class, interface, enum or object a member belongs to. For members of
   * an object literal or an anonymous class expression it is the name the
   * value is bound to (`const o = {…}` → `o`, see `boundName`), and absent
   * when it is bound to none: never a class that merely encloses it.
   */
  readonly container?: string;
  /** For a parameter: the function, method or signature whose parameter list declares it. */
  readonly owner?: SyntaxNode;
}

/**
 * A function value or class that no declaration names but a binding does:
 * assigned (`exports.load = function () {…}`, `this.onClick = () => …`; the
 * node is the assignment), exported as default (`export default () => …`;
 * named `default`), or an anonymous class expression (`const Store = class
 * {…}`; named as `boundName` names it).
 */
export interface BoundValue {
  readonly kind: 'assignedFunction' | 'defaultExportFunction' | 'anonymousClass';
  /** The code of the binding: the assignment, or the value itself. */
  readonly node: SyntaxNode;
  readonly name: string;
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
