/**
 * @fileoverview The max-function-lines rule: each function holds at most
 * `max` code lines and `maxStatements` statements. Lines are counted as
 * max-lines counts them (blank and comment-only lines excluded, so deleting
 * comments gains nothing); statements are counted too, so squeezing code
 * onto fewer lines gains nothing either.
 */
import { z } from 'zod';
import { countCodeLines, languageSpec, type Declaration, type SourceFile, type StatementTypes, type SyntaxNode } from '../syntax/index.js';
import { defineRule, type RuleViolation } from './define-rule.js';

/** A function to measure: its name, its whole code and its body. */
interface Measured {
  readonly name: string;
  readonly node: SyntaxNode;
  readonly body: SyntaxNode;
  readonly line: number;
}

/** Flags functions with too many code lines or statements. */
export const maxFunctionLines = defineRule({
  meta: {
    id: 'max-function-lines',
    kind: 'deterministic',
    description: 'A function has at most `max` code lines and `maxStatements` statements',
    defaultSeverity: 'warning',
    options: z.strictObject({
      max: z.number().int().min(1).default(80).describe('Code lines allowed per function (blank and comment-only lines excluded)'),
      maxStatements: z.number().int().min(1).default(40).describe('Statements allowed per function, nested blocks included, nested functions not'),
    }),
    messages: {
      tooManyLines: '{{name}} has {{count}} code lines (limit {{max}}): extract a helper',
      tooManyStatements: '{{name}} has {{count}} statements (limit {{max}}): extract a helper',
    },
  },
  check({ file, declarations, options }) {
    const statementTypes = languageSpec(file.language).statements;
    return functionsOf(file, declarations).flatMap((fn): RuleViolation[] => {
      const out: RuleViolation[] = [];
      const lines = countCodeLines(file, fn.node.startPosition.row, fn.node.endPosition.row);
      const where = { line: fn.line, endLine: fn.node.endPosition.row + 1, symbol: fn.name };
      if (lines > options.max) out.push({ messageId: 'tooManyLines', data: { name: fn.name, count: lines, max: options.max }, ...where });
      const statements = countStatements(fn.body, statementTypes);
      if (statements > options.maxStatements) {
        out.push({ messageId: 'tooManyStatements', data: { name: fn.name, count: statements, max: options.maxStatements }, ...where });
      }
      return out;
    });
  },
});

/** Functions, methods and function-valued bindings with a body, in source order. */
function functionsOf(file: SourceFile, declarations: readonly Declaration[]): Measured[] {
  const out: Measured[] = [];
  for (const declaration of declarations) {
    const fn = functionNode(declaration);
    const body = fn?.childForFieldName('body');
    if (!fn || !body) continue;
    out.push({ name: declaration.container ? `${declaration.container}.${declaration.name}` : declaration.name, node: declaration.node, body, line: declaration.line });
  }
  for (const bound of file.boundValues) {
    if (bound.kind === 'anonymousClass') continue;
    const fn = bound.node.type === 'assignment_expression' ? bound.node.childForFieldName('right') : bound.node;
    const body = fn?.childForFieldName('body');
    if (body) out.push({ name: bound.name, node: bound.node, body, line: bound.node.startPosition.row + 1 });
  }
  return out.sort((a, b) => a.line - b.line);
}

/** The function a declaration declares or is bound to, if any. */
function functionNode(declaration: Declaration): SyntaxNode | null {
  switch (declaration.kind) {
    case 'function':
    case 'method':
      return declaration.node.type === 'pair' ? declaration.node.childForFieldName('value') : declaration.node;
    case 'variable':
    case 'constant':
    case 'property':
      return declaration.modifiers.has('functionValue') ? declaration.node.childForFieldName('value') : null;
    default:
      return null;
  }
}

/**
 * Statements in `body`, nested blocks included, nested functions and
 * classes not (they are measured on their own), as the language counts them. Read from the node table:
 * no node objects are made.
 */
function countStatements(body: SyntaxNode, { statements, nestedScopes }: StatementTypes): number {
  const nodes = body.tree.nodes;
  let count = 0;
  const end = nodes.subtreeEnd(body.index);
  for (let i = body.index + 1; i < end; i++) {
    const type = nodes.typeName(i);
    if (nodes.isNamed(i) && statements.has(type)) count++;
    if (nestedScopes.has(type)) i = nodes.subtreeEnd(i) - 1;
  }
  return count;
}
