/**
 * @fileoverview TypeScript, TSX and JavaScript: one profile over three
 * grammars (tree-sitter-javascript parses JSX, so .jsx needs no grammar of
 * its own). Declarations are visited by declarations/visit.ts; the
 * normalisation answers are in ecmascript-names.ts.
 */
import { loadGrammar } from './grammar.js';
import { DeclarationWalker } from '../declarations/visit.js';
import { FUNCTION_VALUE_TYPES } from '../declarations/types.js';
import {
  declaredNames,
  loneParameterParens,
  mapName,
  memberName,
  MEMBER_UNITS,
  NAME_LEAF_TYPES,
  PLANNED_TYPES,
} from './ecmascript-names.js';
import type { LanguageId, LanguageSpec, NormalizeProfile, StatementTypes, UnitTypes, WalkProfile } from './types.js';

const NONE: ReadonlySet<string> = new Set();

const WALK: WalkProfile = {
  // Shebangs count as comments, as in ESLint.
  commentTypes: new Set(['comment', 'html_comment', 'hash_bang_line']),
  declaringTypes: new Set([
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
  ]),
  jsxTypes: new Set(['jsx_element', 'jsx_self_closing_element', 'jsx_fragment']),
  keptTypes: new Set(['assignment_expression']),
  enumMemberType: 'property_identifier',
  documentationTypes: NONE,
  atomTypes: NONE,
  createWalker: () => new DeclarationWalker(),
};

// Only members with bodies: overload and abstract signatures have no code;
// `pair` is an object-literal key bound to a function value.
const UNITS: UnitTypes = {
  functions: new Set(['function_declaration', 'generator_function_declaration']),
  methods: new Set(['method_definition', 'pair']),
  classes: new Set(['class_declaration', 'abstract_class_declaration', 'class']),
};

// What ESLint's max-statements counts: each statement of a body, nested blocks included.
const STATEMENTS: StatementTypes = {
  statements: new Set([
    'expression_statement',
    'lexical_declaration',
    'variable_declaration',
    'return_statement',
    'if_statement',
    'for_statement',
    'for_in_statement',
    'while_statement',
    'do_statement',
    'switch_statement',
    'try_statement',
    'throw_statement',
    'break_statement',
    'continue_statement',
    'labeled_statement',
    'function_declaration',
    'generator_function_declaration',
    'class_declaration',
    'debugger_statement',
    'with_statement',
  ]),
  nestedScopes: new Set([...FUNCTION_VALUE_TYPES, 'function_declaration', 'generator_function_declaration', 'method_definition', 'class_declaration', 'class']),
};

const NORMALIZE: NormalizeProfile = {
  nameLeafTypes: NAME_LEAF_TYPES,
  plannedTypes: PLANNED_TYPES,
  erasedTypes: new Set([
    'type_annotation',
    'type_arguments',
    'type_parameters',
    'type_predicate_annotation',
    'asserts_annotation',
    'opting_type_annotation',
    'omitting_type_annotation',
  ]),
  castTypes: new Set(['as_expression', 'satisfies_expression']),
  memberUnits: MEMBER_UNITS,
  declaredNames,
  memberName,
  droppedLeaves: loneParameterParens,
  mapName,
  numberTypes: new Set(['number']),
  // String pieces, escapes and JSX text.
  stringTypes: new Set(['string_fragment', 'escape_sequence', 'jsx_text', 'html_character_reference']),
  literalTypes: new Set(['string_fragment', 'number', 'regex_pattern']),
  // A method or field alone is not a program, but is valid inside a class body.
  snippet: { wrap: ['class Snippet {\n', '\n}'] },
};

function ecmascript(id: LanguageId, extensions: readonly string[], grammar: () => unknown): LanguageSpec {
  return { id, extensions, grammar, walk: WALK, units: UNITS, statements: STATEMENTS, normalize: NORMALIZE };
}

export const typescript = ecmascript('typescript', ['.ts', '.mts', '.cts'], () => loadGrammar('typescript'));
export const tsx = ecmascript('tsx', ['.tsx'], () => loadGrammar('tsx'));
export const javascript = ecmascript('javascript', ['.js', '.mjs', '.cjs', '.jsx'], () => loadGrammar('javascript'));
