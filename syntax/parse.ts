/**
 * @fileoverview Parsing with tree-sitter: the only module that creates
 * parsers. One parser per language is reused; parsing is synchronous, so
 * reuse is safe in Node's single thread.
 */
import Parser from 'tree-sitter';
import { grammarFor, type LanguageId } from './languages/index.js';

const parsers = new Map<LanguageId, Parser>();

function parserFor(language: LanguageId): Parser {
  let parser = parsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammarFor(language));
    parsers.set(language, parser);
  }
  return parser;
}

/**
 * Parses `text`. tree-sitter 0.21's node binding rejects inputs of 32 KiB
 * or more with "Invalid argument" unless the buffer is sized explicitly.
 */
export function parseTree(text: string, language: LanguageId): Parser.Tree {
  return parserFor(language).parse(text, undefined, { bufferSize: text.length * 2 + 1 });
}

export type SyntaxNode = Parser.SyntaxNode;
export type Tree = Parser.Tree;
export type TreeCursor = Parser.TreeCursor;
