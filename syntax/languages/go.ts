/**
 * @fileoverview Go (tree-sitter-go). Comments are `//` and `/* … *\/`;
 * string and rune literals are single tokens. Normalisation maps names
 * bound in the unit (function and method names, receivers, parameters,
 * `:=`/`var`/`const` names, local types) to `ID` and keeps field, method and
 * package names (`cfg.Path`, `os.ReadFile`). Types stay: in Go they are
 * part of the signature, not annotations; only the package of a qualified
 * type (`config.Config` → `Config`) is dropped.
 */
import type { SyntaxNode } from '../parse.js';
import { loadGrammar } from './grammar.js';
import { childrenOfType, GoWalker, GO_DECLARING_TYPES, shortVarNames } from './go-walker.js';
import { LOCAL_NAME, unquote, type LanguageSpec, type NameLeaf } from './types.js';

const NONE: ReadonlySet<string> = new Set();
const STRINGS: ReadonlySet<string> = new Set(['interpreted_string_literal', 'raw_string_literal', 'rune_literal']);
const NUMBERS: ReadonlySet<string> = new Set(['int_literal', 'float_literal', 'imaginary_literal']);

function declaredNames(node: SyntaxNode, type: string): string[] {
  switch (type) {
    case 'function_declaration':
    case 'method_declaration':
    case 'type_spec':
    case 'type_alias': {
      const name = node.childForFieldName('name');
      return name ? [name.text] : [];
    }
    case 'parameter_declaration':
    case 'variadic_parameter_declaration':
    case 'type_parameter_declaration':
    case 'const_spec':
    case 'var_spec':
      return childrenOfType(node, 'identifier').map((n) => n.text);
    case 'short_var_declaration':
    case 'range_clause':
      return shortVarNames(node).map((n) => n.text);
    default:
      return [];
  }
}

/**
 * `config.Config` reads like `Config`: code moved to another package names
 * the same types through their package, and the copy is still a copy.
 */
function droppedLeaves(node: SyntaxNode, type: string): number[] {
  if (type !== 'qualified_type') return [];
  return node.children.filter((c) => c.type === 'package_identifier' || c.type === '.').map((c) => c.startIndex);
}

function mapName(leaf: NameLeaf, declared: ReadonlySet<string>): string[] {
  switch (leaf.type) {
    case 'field_identifier':
      // A method's own name where it is declared; other field names are what the code touches.
      return [leaf.parentType === 'method_declaration' ? LOCAL_NAME : leaf.text];
    case 'package_identifier':
      return [leaf.text];
    case 'label_name':
      return [LOCAL_NAME];
    default:
      return [declared.has(leaf.text) ? LOCAL_NAME : leaf.text];
  }
}

export const go: LanguageSpec = {
  id: 'go',
  extensions: ['.go'],
  grammar: () => loadGrammar('go'),
  walk: {
    commentTypes: new Set(['comment']),
    declaringTypes: GO_DECLARING_TYPES,
    jsxTypes: NONE,
    keptTypes: NONE,
    documentationTypes: NONE,
    atomTypes: STRINGS,
    createWalker: () => new GoWalker(),
  },
  units: {
    functions: new Set(['function_declaration']),
    methods: new Set(['method_declaration']),
    // Struct types (declared as `class`): a copied struct is a copied shape.
    classes: new Set(['type_spec']),
  },
  statements: {
    statements: new Set([
      'expression_statement',
      'send_statement',
      'inc_statement',
      'dec_statement',
      'assignment_statement',
      'short_var_declaration',
      'var_declaration',
      'const_declaration',
      'type_declaration',
      'return_statement',
      'go_statement',
      'defer_statement',
      'if_statement',
      'for_statement',
      'expression_switch_statement',
      'type_switch_statement',
      'select_statement',
      'labeled_statement',
      'fallthrough_statement',
      'break_statement',
      'continue_statement',
      'goto_statement',
    ]),
    nestedScopes: new Set(['func_literal', 'function_declaration', 'method_declaration']),
  },
  normalize: {
    nameLeafTypes: new Set(['identifier', 'type_identifier', 'field_identifier', 'package_identifier', 'label_name']),
    plannedTypes: new Set([
      'function_declaration',
      'method_declaration',
      'type_spec',
      'type_alias',
      'parameter_declaration',
      'variadic_parameter_declaration',
      'type_parameter_declaration',
      'const_spec',
      'var_spec',
      'short_var_declaration',
      'range_clause',
      'qualified_type',
    ]),
    erasedTypes: NONE,
    castTypes: NONE,
    memberUnits: NONE,
    declaredNames,
    memberName: () => undefined,
    droppedLeaves,
    mapName,
    numberTypes: NUMBERS,
    stringTypes: STRINGS,
    literalTypes: new Set([...STRINGS, ...NUMBERS]),
    literalValue: unquote,
    snippet: {},
  },
};
