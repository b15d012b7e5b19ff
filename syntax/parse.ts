/**
 * @fileoverview Parsing: the only module that creates parsers. One native
 * parser per language is reused (parsing is synchronous, so reuse is safe
 * in Node's single thread); each parse returns the whole tree as a node
 * table (see native.ts, node-table.ts) wrapped in a `Tree`.
 */
import { grammarFor, type LanguageId } from './languages/index.js';
import { syntaxBinding, type NativeParser, type ParsedColumns } from './native.js';
import { NodeTable, type GrammarNames } from './node-table.js';
import { Tree } from './syntax-node.js';

interface LanguageParser {
  readonly parser: NativeParser;
  readonly names: GrammarNames;
}

const parsers = new Map<LanguageId, LanguageParser>();

function parserFor(language: LanguageId): LanguageParser {
  let entry = parsers.get(language);
  if (!entry) {
    const binding = syntaxBinding();
    const grammar = grammarFor(language);
    const { symbols, fields } = binding.languageInfo(grammar);
    const names = { types: symbols.map((name) => name ?? ''), fields: fields.map((name) => name ?? undefined) };
    entry = { parser: binding.createParser(grammar), names };
    parsers.set(language, entry);
  }
  return entry;
}

/** Parses `text`: the tree with every node, including error-recovery ones. */
export function parseTree(text: string, language: LanguageId): Tree {
  return treeOf(text, language, parseColumns(text, language));
}

/** Parses `text` into node columns only (what a parse worker sends back). */
export function parseColumns(text: string, language: LanguageId): ParsedColumns {
  return syntaxBinding().parse(parserFor(language).parser, text);
}

/** The tree of `text` from its node columns, parsed here or on a worker. */
export function treeOf(text: string, language: LanguageId, parsed: ParsedColumns): Tree {
  return new Tree(text, new NodeTable(parsed, parserFor(language).names));
}

export { SyntaxNode, Tree } from './syntax-node.js';
