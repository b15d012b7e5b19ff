/**
 * @fileoverview Python (tree-sitter-python). Comments are `#` lines; a
 * docstring — a string expression statement, as pylint's raw metrics and
 * radon classify it — is documentation: not a code line, and dropped by
 * normalisation like a comment. String literals are single tokens (an
 * f-string is one `STR`). Normalisation erases annotations (`: int`,
 * `-> str`), maps names bound in the unit (parameters, assignment and
 * `for`/`with`/`except`/comprehension targets, inner functions and
 * classes) to `ID`, and keeps attribute and keyword-argument names.
 */
import type { SyntaxNode } from '../parse.js';
import { loadGrammar } from './grammar.js';
import { PythonWalker, PYTHON_DECLARING_TYPES, pythonParameterNames, pythonTargetNames } from './python-walker.js';
import { LOCAL_NAME, unquote, type LanguageSpec, type NameLeaf } from './types.js';

const NONE: ReadonlySet<string> = new Set();
const STRINGS: ReadonlySet<string> = new Set(['string']);

function isDocstring(statement: SyntaxNode): boolean {
  if (statement.namedChildCount !== 1) return false;
  const only = statement.namedChildren[0]!.type;
  return only === 'string' || only === 'concatenated_string';
}

function declaredNames(node: SyntaxNode, type: string): string[] {
  switch (type) {
    case 'function_definition':
    case 'class_definition': {
      const name = node.childForFieldName('name');
      return name ? [name.text] : [];
    }
    case 'parameters':
    case 'lambda_parameters':
      return pythonParameterNames(node).map((n) => n.text);
    case 'assignment':
    case 'for_statement':
    case 'for_in_clause':
      return pythonTargetNames(node.childForFieldName('left')).map((n) => n.text);
    case 'as_pattern_target':
      return pythonTargetNames(node.namedChildren[0] ?? null).map((n) => n.text);
    case 'named_expression': {
      const name = node.childForFieldName('name');
      return name ? [name.text] : [];
    }
    default:
      return [];
  }
}

/** The `:` of an annotation and the `->` of a return type: their types are erased with them. */
function droppedLeaves(node: SyntaxNode, type: string): number[] {
  const marker = type === 'function_definition' ? '->' : ':';
  if (type === 'function_definition' || type === 'assignment' || type === 'typed_parameter' || type === 'typed_default_parameter') {
    return node.children.filter((c, i) => c.type === marker && node.children[i + 1]?.type === 'type').map((c) => c.startIndex);
  }
  return [];
}

function mapName(leaf: NameLeaf, declared: ReadonlySet<string>): string[] {
  // `obj.name` and `f(name=…)` name an API, not a local.
  const member = (leaf.parentType === 'attribute' && !leaf.firstChild) || (leaf.parentType === 'keyword_argument' && leaf.firstChild);
  return [!member && declared.has(leaf.text) ? LOCAL_NAME : leaf.text];
}

/** Removes the indentation every non-blank line shares, so a method cut from its class parses alone. */
function dedent(code: string): string {
  const lines = code.split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  // reduce, not Math.min(...): a snippet of 100k lines would overflow the call stack.
  const common = indents.length > 0 ? indents.reduce((least, indent) => Math.min(least, indent)) : 0;
  return common === 0 ? code : lines.map((l) => l.slice(Math.min(common, /^[ \t]*/.exec(l)![0].length))).join('\n');
}

export const python: LanguageSpec = {
  id: 'python',
  extensions: ['.py', '.pyi'],
  grammar: () => loadGrammar('python'),
  walk: {
    commentTypes: new Set(['comment']),
    declaringTypes: PYTHON_DECLARING_TYPES,
    jsxTypes: NONE,
    keptTypes: NONE,
    documentationTypes: new Set(['expression_statement']),
    isDocumentation: isDocstring,
    atomTypes: STRINGS,
    createWalker: () => new PythonWalker(),
  },
  units: {
    functions: new Set(['function_definition']),
    methods: new Set(['function_definition']),
    classes: new Set(['class_definition']),
  },
  statements: {
    statements: new Set([
      'expression_statement',
      'return_statement',
      'if_statement',
      'for_statement',
      'while_statement',
      'try_statement',
      'with_statement',
      'match_statement',
      'raise_statement',
      'assert_statement',
      'pass_statement',
      'break_statement',
      'continue_statement',
      'delete_statement',
      'global_statement',
      'nonlocal_statement',
      'import_statement',
      'import_from_statement',
      'type_alias_statement',
      'function_definition',
      'class_definition',
    ]),
    nestedScopes: new Set(['function_definition', 'class_definition', 'lambda']),
  },
  normalize: {
    nameLeafTypes: new Set(['identifier']),
    plannedTypes: new Set([
      ...PYTHON_DECLARING_TYPES,
      'for_in_clause',
      'as_pattern_target',
      'named_expression',
      'typed_parameter',
      'typed_default_parameter',
    ]),
    erasedTypes: new Set(['type']),
    castTypes: NONE,
    memberUnits: NONE,
    declaredNames,
    memberName: () => undefined,
    droppedLeaves,
    mapName,
    numberTypes: new Set(['integer', 'float']),
    stringTypes: STRINGS,
    literalTypes: new Set(['string', 'integer', 'float']),
    literalValue: unquote,
    snippet: { rewrite: dedent },
  },
};
