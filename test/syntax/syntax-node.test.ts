import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import Parser from 'tree-sitter';
import { parseTree } from '../../syntax/parse.js';
import { createSourceFile, createSourceFiles, languageForPath, languageSpec, type LanguageId, type SyntaxNode } from '../../syntax/index.js';
import { syntaxBinding } from '../../syntax/native.js';
import { REPO_ROOT } from '../support/sample-repo.js';

const require = createRequire(import.meta.url);

// The `tree-sitter` Node binding is the reference: our binding must read every tree as it does.
const referenceParsers = new Map<LanguageId, Parser>();
function referenceTree(text: string, language: LanguageId): Parser.Tree {
  let parser = referenceParsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(languageSpec(language).grammar() as Parameters<Parser['setLanguage']>[0]);
    referenceParsers.set(language, parser);
  }
  return parser.parse(text, undefined, { bufferSize: text.length * 2 + 1 });
}

/** Every difference between our tree and the reference tree of `text`, as readable lines. */
function differences(text: string, language: LanguageId): string[] {
  const out: string[] = [];
  const visit = (ours: SyntaxNode, theirs: Parser.SyntaxNode, field: string | null, theirField: string | null): void => {
    const a = [ours.type, ours.isNamed, ours.isMissing, ours.hasError, ours.startIndex, ours.endIndex, ours.startPosition, ours.endPosition, field, ours.childCount];
    const b = [theirs.type, theirs.isNamed, theirs.isMissing, theirs.hasError, theirs.startIndex, theirs.endIndex, theirs.startPosition, theirs.endPosition, theirField, theirs.childCount];
    try {
      assert.deepEqual(a, b);
    } catch {
      out.push(`${JSON.stringify(a)} != ${JSON.stringify(b)}`);
      return;
    }
    const children = ours.children;
    const cursor = theirs.walk();
    if (!cursor.gotoFirstChild()) return;
    // Looking a child up by field finds the same node in both.
    const fields = new Set<string>();
    do if (cursor.currentFieldName) fields.add(cursor.currentFieldName);
    while (cursor.gotoNextSibling());
    for (const name of fields) {
      const mine = ours.childForFieldName(name);
      const reference = theirs.childForFieldName(name);
      if (mine?.startIndex !== reference?.startIndex || mine?.type !== reference?.type) out.push(`childForFieldName(${name}) of ${ours.type} at ${ours.startIndex}`);
    }
    while (cursor.gotoPreviousSibling());
    let i = 0;
    do {
      const child = children[i]!;
      visit(child, cursor.currentNode, child.tree.nodes.fieldName(child.index) ?? null, cursor.currentFieldName ?? null);
      i++;
    } while (cursor.gotoNextSibling());
  };
  visit(parseTree(text, language).rootNode, referenceTree(text, language).rootNode, null, null);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return languageForPath(full) ? [full] : [];
  });
}

describe('the syntax binding', () => {
  it('reads every fixture file exactly as the tree-sitter Node binding does', () => {
    const files = sourceFiles(path.join(REPO_ROOT, 'fixtures'));
    assert.ok(files.length > 20);
    for (const file of files) {
      assert.deepEqual(differences(readFileSync(file, 'utf8'), languageForPath(file)!), [], file);
    }
  });

  const edgeCases: Array<[string, string, LanguageId]> = [
    ['an empty file', '', 'typescript'],
    ['CRLF line endings and a lone CR', 'const a = 1;\r\nconst b = 2;\rconst c = 3;\r\n', 'typescript'],
    ['surrogate pairs and non-ASCII text before code (columns in UTF-16 units)', 'const s = "😀 ü";\nconst t = `€${s}`; let x = 1;\n', 'typescript'],
    ['broken code with ERROR and MISSING nodes', 'function f( {\n  return [1, 2\n}\nclass {', 'typescript'],
    ['TSX', 'export const A = () => <div a={1}>{/* c */}<b /></div>;\n', 'tsx'],
    ['a file of more than 32 KiB', `export const big = [${'1, '.repeat(20_000)}];\n`, 'typescript'],
    ['Python with a docstring and an f-string', 'def f(x):\n    """Doc."""\n    return f"{x!r:>10}"\n', 'python'],
    ['Go with generics', 'package p\n\nfunc Map[T any](xs []T, f func(T) T) []T { return nil }\n', 'go'],
  ];
  for (const [name, text, language] of edgeCases) {
    it(`agrees with the reference on ${name}`, () => assert.deepEqual(differences(text, language), []));
  }

  it('has the grammars compiled in: the same symbols and fields as the grammar packages it is built from', () => {
    const packages = {
      typescript: require('tree-sitter-typescript').typescript,
      tsx: require('tree-sitter-typescript').tsx,
      javascript: require('tree-sitter-javascript'),
      python: require('tree-sitter-python'),
      go: require('tree-sitter-go'),
    };
    for (const [name, grammar] of Object.entries(packages)) {
      assert.deepEqual(syntaxBinding().languageInfo(syntaxBinding().grammar(name)), syntaxBinding().languageInfo(grammar), name);
    }
    assert.throws(() => syntaxBinding().grammar('rust'), /no such grammar in this binding \(typescript, tsx, javascript, python, go\)/);
  });

  it('refuses a value that is not a tree-sitter grammar, naming what it expected', () => {
    assert.throws(() => syntaxBinding().createParser({ language: {} }), /not a tree-sitter grammar/);
    assert.throws(() => syntaxBinding().createParser(require('tree-sitter-javascript').nodeTypeInfo), /not a tree-sitter grammar/);
  });

  it('refuses to parse with anything but a parser it made (a grammar\'s language would crash the process)', () => {
    const grammar = require('tree-sitter-javascript') as { language: unknown };
    const notParsers = [grammar.language, grammar, {}];
    for (const value of notParsers) {
      assert.throws(() => syntaxBinding().parse(value as never, 'let x = 1;'), /not a parser from createParser/);
    }
    assert.equal(syntaxBinding().parse(syntaxBinding().createParser(grammar), 'let x = 1;').count > 0, true);
  });
});

describe('SyntaxNode', () => {
  const tree = parseTree('function load(path: string) {\n  return read(path);\n}\n', 'typescript');
  const fn = tree.rootNode.firstChild!;

  it('reads fields, children and parents from the table', () => {
    assert.equal(fn.type, 'function_declaration');
    assert.equal(fn.childForFieldName('name')?.text, 'load');
    assert.equal(fn.childForFieldName('body')?.type, 'statement_block');
    assert.equal(fn.childForFieldName('nothing'), null);
    assert.deepEqual(
      fn.namedChildren.map((c) => c.type),
      ['identifier', 'formal_parameters', 'statement_block'],
    );
    assert.equal(fn.childForFieldName('body')!.parent, fn);
    assert.equal(fn.child(1), fn.children[1]);
    assert.equal(fn.child(fn.childCount), null);
    assert.equal(tree.rootNode.parent, null);
  });

  it('is one object per node', () => {
    assert.equal(fn.childForFieldName('name'), fn.children[1]);
  });

  it('finds the smallest node at an offset, and the nodes of a type', () => {
    const at = tree.text.indexOf('read');
    assert.equal(tree.rootNode.descendantForIndex(at).text, 'read');
    assert.deepEqual(
      tree.rootNode.descendantsOfType('identifier').map((n) => n.text),
      ['load', 'path', 'read', 'path'],
    );
  });
});

describe('createSourceFiles', () => {
  it('makes, on worker threads and in order, the source files createSourceFile makes', async () => {
    const jobs = Array.from({ length: 70 }, (_, i) => ({
      path: `f${i}.ts`,
      text: `export function f${i}(a: number) {\n  // ${i}\n  return a + ${i};\n}\n`.repeat(1 + (i % 3)),
      language: 'typescript' as const,
    }));
    let i = 0;
    for await (const file of createSourceFiles(jobs, 2)) {
      const expected = createSourceFile(jobs[i]!.path, jobs[i]!.text, 'typescript');
      assert.equal(file.path, expected.path);
      assert.deepEqual(file.tokens, expected.tokens);
      assert.deepEqual(
        file.declarations.map((d) => [d.name, d.kind, d.line, d.column, d.startLine, d.endLine]),
        expected.declarations.map((d) => [d.name, d.kind, d.line, d.column, d.startLine, d.endLine]),
      );
      assert.deepEqual(file.codeLines, expected.codeLines);
      i++;
    }
    assert.equal(i, jobs.length);
  });
});
