/**
 * @fileoverview What each declaring Python node declares: functions and
 * methods (`def` directly in a class body), classes, parameters, and the
 * names an assignment, a `for` or an `as` binds — module constants at module
 * level, class attributes in a class body (and `self.name = …` in its
 * methods), variables elsewhere. Assigning declares
 * in Python, so a name assigned twice in one scope is declared once.
 */
import type { SyntaxNode } from '../parse.js';
import type { DeclarationKind, Modifier } from '../declarations/types.js';
import { NodeWalker } from '../declarations/walk.js';

const SCOPES: ReadonlySet<string> = new Set(['function_definition', 'class_definition']);
const CLASSES: ReadonlySet<string> = new Set(['class_definition']);
// Targets that bind every name inside them (`a, b = …`, `[c, *d] = …`).
const TARGET_PATTERNS: ReadonlySet<string> = new Set(['pattern_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern']);
// The calls that make a type variable or a new type (`typing`, `typing_extensions`, or bare).
const TYPE_VARIABLE_FACTORIES: ReadonlySet<string> = new Set(['TypeVar', 'ParamSpec', 'TypeVarTuple', 'NewType']);

export const PYTHON_DECLARING_TYPES: ReadonlySet<string> = new Set([
  'function_definition',
  'class_definition',
  'parameters',
  'lambda_parameters',
  'assignment',
  'for_statement',
  'as_pattern_target',
]);

/** The parameter names of a `parameters` or `lambda_parameters` node, as identifier nodes. */
export function pythonParameterNames(params: SyntaxNode): SyntaxNode[] {
  return params.namedChildren.flatMap((param) => {
    if (param.type === 'identifier') return [param];
    const name = param.childForFieldName('name') ?? param.namedChildren.find((c) => c.type === 'identifier' || c.type.endsWith('splat_pattern'));
    if (!name) return [];
    return name.type === 'identifier' ? [name] : name.namedChildren.filter((c) => c.type === 'identifier');
  });
}

/** The identifiers an assignment or `for` target binds (not attributes or subscripts). */
export function pythonTargetNames(target: SyntaxNode | null): SyntaxNode[] {
  if (!target) return [];
  if (target.type === 'identifier') return [target];
  return TARGET_PATTERNS.has(target.type) ? target.namedChildren.flatMap(pythonTargetNames) : [];
}

/** `TypeVar("T")`, `t.TypeVar("T_co", covariant=True)`, `NewType("UserId", int)`. */
function isTypeVariableCall(value: SyntaxNode | null): boolean {
  if (value?.type !== 'call') return false;
  const callee = value.childForFieldName('function');
  const name = callee?.type === 'attribute' ? callee.childForFieldName('attribute') : callee;
  return name?.type === 'identifier' && TYPE_VARIABLE_FACTORIES.has(name.text);
}

/** The declarations of one Python file. */
export class PythonWalker extends NodeWalker {
  protected override visit(node: SyntaxNode, type: string): void {
    switch (type) {
      case 'function_definition': {
        const name = node.childForFieldName('name');
        const mods = new Set<Modifier>();
        if (node.firstChild?.type === 'async') mods.add('async');
        const inClass = this.classBodyDepth(1);
        if (!inClass && this.moduleLevel(1)) mods.add('moduleScope');
        this.declare(node, name, inClass ? 'method' : 'function', mods);
        break;
      }
      case 'class_definition': {
        const name = node.childForFieldName('name');
        this.declare(node, name, 'class', new Set(this.moduleLevel(1) ? ['moduleScope'] : []));
        if (name) this.container = name.text;
        break;
      }
      case 'parameters':
      case 'lambda_parameters':
        for (const id of pythonParameterNames(node)) this.declare(id, id, 'parameter', new Set(), false);
        break;
      case 'assignment':
        this.addAssignment(node);
        break;
      case 'for_statement':
        for (const id of pythonTargetNames(node.childForFieldName('left'))) this.declareScoped(node, id, 'variable', new Set());
        break;
      case 'as_pattern_target':
        // `with open(p) as handle`, `except OSError as error`.
        for (const id of pythonTargetNames(node.namedChildren[0] ?? null)) this.declareScoped(node, id, 'variable', new Set());
        break;
    }
  }

  /** `x = …`, `x: int = …`, `a, b = …`: constants at module level, attributes in a class body, variables elsewhere. */
  private addAssignment(node: SyntaxNode): void {
    // An assignment statement is an expression_statement in a block (or the module).
    if (this.ancestorType(1) !== 'expression_statement') return;
    const left = node.childForFieldName('left');
    const inClass = this.ancestorType(2) === 'block' && this.ancestorType(3) === 'class_definition';
    // Module scope also inside a top-level `if TYPE_CHECKING:`, `try:` or `with`: Python's blocks open no scope.
    const atModule = !inClass && !this.frames.some((frame) => SCOPES.has(frame.type));
    const kind: DeclarationKind = inClass ? 'property' : atModule ? 'constant' : 'variable';
    const mods = new Set<Modifier>(atModule ? ['moduleScope'] : []);
    const right = node.childForFieldName('right');
    if (right?.type === 'lambda') mods.add('functionValue');
    if (left?.type === 'identifier') {
      if (isTypeVariableCall(right)) mods.add('typeVariable');
      this.declareScoped(node, left, kind, mods);
      return;
    }
    if (left?.type === 'attribute') {
      this.addInstanceAttribute(node, left, mods);
      return;
    }
    mods.delete('functionValue');
    mods.add('destructured');
    for (const id of pythonTargetNames(left)) this.declareScoped(node, id, kind, new Set(mods));
  }

  /** `self.name = …` in a method declares an attribute of the class, once per class. */
  private addInstanceAttribute(node: SyntaxNode, left: SyntaxNode, mods: Set<Modifier>): void {
    const name = left.childForFieldName('attribute');
    if (this.container === undefined || left.childForFieldName('object')?.text !== 'self' || !name) return;
    if (this.firstInScope(`self.${name.text}`, CLASSES)) this.declare(node, name, 'property', mods);
  }

  private declareScoped(node: SyntaxNode, name: SyntaxNode, kind: DeclarationKind, mods: Set<Modifier>): void {
    if (this.firstInScope(name.text, SCOPES)) this.declare(node, name, kind, mods);
  }

  private declare(node: SyntaxNode, name: SyntaxNode | null, kind: DeclarationKind, mods: Set<Modifier>, member = true): void {
    if (!name) return;
    // A leading underscore is Python's "internal" marker.
    if (name.text.startsWith('_')) mods.add('private');
    const container = member ? this.container : undefined;
    this.record(node, name, kind, mods, container);
  }

  /** Whether the visited node (k = 1) sits directly in a class body, decorators skipped. */
  private classBodyDepth(k: number): boolean {
    const skip = this.ancestorType(k) === 'decorated_definition' ? 1 : 0;
    return this.ancestorType(k + skip) === 'block' && this.ancestorType(k + skip + 1) === 'class_definition';
  }

  private moduleLevel(k: number): boolean {
    const skip = this.ancestorType(k) === 'decorated_definition' ? 1 : 0;
    return this.ancestorType(k + skip) === 'module';
  }
}
