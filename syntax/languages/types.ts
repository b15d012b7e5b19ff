/**
 * @fileoverview What a language module describes: which files it reads,
 * its grammar, how the one walk treats its node types (comments,
 * documentation, atoms, declaring nodes and the walker that visits them),
 * which declarations are index units, and the node types normalisation
 * reads. The walk, the chunker and normalisation read these tables instead
 * of hard-coding one language's node types, so a language is one module.
 */
import type { NodeWalker } from '../declarations/walk.js';
import type { SyntaxNode } from '../parse.js';

/** The placeholder normalisation puts for a name declared inside the range. */
export const LOCAL_NAME = 'ID';

/** A string literal's content without its prefix (`f`, `r`, `b`) and quotes: `'a'`, `"a"` and a raw string agree. */
export function unquote(text: string): string {
  const match = /^[A-Za-z]*("""|'''|"|'|`)([\s\S]*)\1$/.exec(text);
  return match ? match[2]! : text;
}

export type LanguageId = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go';

/** How the one walk (declarations/walk.ts) treats node types. */
export interface WalkProfile {
  /** Leaves of these types are comments (not code, dropped by normalisation). */
  readonly commentTypes: ReadonlySet<string>;
  /** Named nodes handed to the walker's `visit`. */
  readonly declaringTypes: ReadonlySet<string>;
  /** Named nodes whose subtree marks the open declaration as rendering JSX. */
  readonly jsxTypes: ReadonlySet<string>;
  /** Named nodes the walk makes a node object for without visiting them (an assignment names the value on its right). */
  readonly keptTypes: ReadonlySet<string>;
  /** Leaves visited as enum member names when their parent is an `enum_body`. */
  readonly enumMemberType?: string;
  /**
   * Named nodes that may be documentation (a Python docstring is a string
   * expression statement): when `isDocumentation` says so, every leaf below
   * counts as a comment.
   */
  readonly documentationTypes: ReadonlySet<string>;
  readonly isDocumentation?: (node: SyntaxNode) => boolean;
  /** Named nodes read as one token, children skipped (Python and Go string literals). */
  readonly atomTypes: ReadonlySet<string>;
  /** A fresh walker whose `visit` knows this language's declaring nodes. */
  createWalker(): NodeWalker;
}

/** What counts as a statement of a function body (rules/max-function-lines.ts). */
export interface StatementTypes {
  /** Named nodes counted as one statement each, nested blocks included. */
  readonly statements: ReadonlySet<string>;
  /** Nested functions and classes: measured on their own, not counted into their parent. */
  readonly nestedScopes: ReadonlySet<string>;
}

/** Which declaration nodes are index units (indexer/chunks/units.ts). */
export interface UnitTypes {
  /** Nodes of `function` declarations with a body. */
  readonly functions: ReadonlySet<string>;
  /** Nodes of `method` declarations with a body. */
  readonly methods: ReadonlySet<string>;
  /** Nodes of `class` declarations (classes, Go struct types). */
  readonly classes: ReadonlySet<string>;
}

/** A name leaf, with what `mapName` needs to know about its place. */
export interface NameLeaf {
  readonly type: string;
  readonly startIndex: number;
  readonly text: string;
  /** The leaf names the member unit itself where it is declared, or is `this.<name>` (ECMAScript). */
  readonly ownNameSite: boolean;
  readonly parentType: string | undefined;
  /** The leaf is its parent's first child. */
  readonly firstChild: boolean;
}

/** What normalisation (indexer/normalize*.ts) reads of a language. */
export interface NormalizeProfile {
  /** Leaves `mapName` maps. */
  readonly nameLeafTypes: ReadonlySet<string>;
  /** Named nodes `declaredNames`, `memberName` or `droppedLeaves` read. */
  readonly plannedTypes: ReadonlySet<string>;
  /** Nodes dropped with their subtree (type annotations). */
  readonly erasedTypes: ReadonlySet<string>;
  /** Casts whose value is kept and whose type is erased (`x as T`). */
  readonly castTypes: ReadonlySet<string>;
  /** Members whose name is the unit's own name when the unit is the member itself. */
  readonly memberUnits: ReadonlySet<string>;
  /** The names a planned node binds. */
  declaredNames(node: SyntaxNode, type: string): string[];
  /** The plain name of a member unit, if it has one. */
  memberName(node: SyntaxNode): string | undefined;
  /** Offsets of leaves of a planned node that are formatting or annotation syntax (dropped). */
  droppedLeaves(node: SyntaxNode, type: string): number[];
  /** The tokens a name leaf becomes, given the names declared in the range and the unit's own member names. */
  mapName(leaf: NameLeaf, declared: ReadonlySet<string>, ownNames: ReadonlySet<string>): string[];
  /** Leaves that are numbers (→ NUM). */
  readonly numberTypes: ReadonlySet<string>;
  /** Leaves that are string content (→ STR, a run is one STR). */
  readonly stringTypes: ReadonlySet<string>;
  /** Leaves whose text is a literal value (for the literal agreement of duplicates). */
  readonly literalTypes: ReadonlySet<string>;
  /** The value of a literal leaf's text, when it is not the text itself (quotes and prefixes of a string atom). */
  readonly literalValue?: (text: string) => string;
  /**
   * Rewrites a free-text snippet into text that parses like the chunk it
   * came from: `[prefix, code, suffix]` tried when the snippet alone does not
   * parse (ECMAScript: a class member), or a rewrite of the code itself
   * (Python: a method cut with its indentation is dedented).
   */
  readonly snippet: { readonly wrap?: readonly [string, string]; readonly rewrite?: (code: string) => string };
}

/** One language: a module under syntax/languages/. */
export interface LanguageSpec {
  readonly id: LanguageId;
  readonly extensions: readonly string[];
  /**
   * The grammar compiled into the syntax binding, as `{ language }` (what the binding parses with), asked for
   * on first use only.
   */
  readonly grammar: () => unknown;
  readonly walk: WalkProfile;
  readonly units: UnitTypes;
  readonly statements: StatementTypes;
  readonly normalize: NormalizeProfile;
}
