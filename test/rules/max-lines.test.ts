/**
 * @fileoverview max-lines: which lines count (a table of snippets with a
 * limit one below or at their code-line count) and where the violation points.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LanguageId } from '../../syntax/index.js';
import { formatMessage } from '../../rules/define-rule.js';
import { maxLines } from '../../rules/max-lines.js';
import { check, lines } from './helpers.js';

interface Case {
  readonly title: string;
  readonly text: string;
  readonly max: number;
  readonly language?: LanguageId;
  /** The violation's count and line, or null when the file is within the limit. */
  readonly expected: { readonly count: number; readonly line: number } | null;
}

const CASES: readonly Case[] = [
  { title: 'code with a trailing comment counts', text: 'const a = 1; // note\nconst b = 2; /* c */\n', max: 1, expected: { count: 2, line: 2 } },
  {
    title: 'JSDoc lines do not count',
    text: '/**\n * Adds.\n * @param a first\n */\nfunction add(a: number) {\n  return a;\n}\n',
    max: 2,
    expected: { count: 3, line: 7 },
  },
  {
    title: 'a block comment before code on the same line counts as code',
    text: '/* lead */ const a = 1;\n/* only */\nconst b = 2;\n',
    max: 1,
    expected: { count: 2, line: 3 },
  },
  {
    title: 'a multi-line block comment counts only on the line where code follows it',
    text: '/* one\n   two */ const a = 1;\nconst b = 2;\n',
    max: 1,
    expected: { count: 2, line: 3 },
  },
  {
    title: 'comment-only and blank lines do not count',
    text: '// one\n\n   \n// two\nconst a = 1;\n\t\nconst b = 2;\n',
    max: 1,
    expected: { count: 2, line: 7 },
  },
  {
    title: 'template literal lines count, a blank line inside one does not (as ESLint)',
    text: 'const t = `a\n\nb\n`;\nconst z = 1;\n',
    max: 3,
    expected: { count: 4, line: 5 },
  },
  { title: 'comment-like text inside a template counts', text: 'const t = `\n// not a comment\n`;\n', max: 2, expected: { count: 3, line: 3 } },
  {
    title: 'TSX: a {/* comment */} line counts (its braces are code, as in ESLint)',
    text: 'export const App = () => (\n  <div>\n    {/* a comment */}\n    <span />\n  </div>\n);\n',
    max: 5,
    language: 'tsx',
    expected: { count: 6, line: 6 },
  },
  {
    title: 'TSX: the inner lines of a multi-line {/* */} do not count',
    text: 'export const App = () => (\n  <div>\n    {/*\n      note\n    */}\n  </div>\n);\n',
    max: 5,
    language: 'tsx',
    expected: { count: 6, line: 7 },
  },
  { title: 'a shebang does not count', text: '#!/usr/bin/env node\nconst a = 1;\nconst b = 2;\n', max: 1, expected: { count: 2, line: 3 } },
  { title: 'CRLF line endings', text: 'const a = 1;\r\n// c\r\nconst b = 2;\r\n', max: 1, expected: { count: 2, line: 3 } },
  { title: 'JavaScript files are counted the same way', text: '// c\nconst a = 1;\nconst b = 2;\n', max: 1, language: 'javascript', expected: { count: 2, line: 3 } },
  { title: 'at the limit: no violation', text: 'const a = 1;\n// c\nconst b = 2;\n', max: 2, expected: null },
];

describe('max-lines', () => {
  for (const { title, text, max, language, expected } of CASES) {
    it(title, () => {
      const violations = check(maxLines, text, { max }, language);
      const want = expected ? [{ messageId: 'tooMany', data: { count: expected.count, max }, line: expected.line, anchor: 'file' }] : [];
      assert.deepEqual(violations, want);
    });
  }

  it('defaults to 250: exactly 250 code lines pass', () => {
    assert.deepEqual(check(maxLines, lines(250, (i) => `const v${i} = ${i};`)), []);
  });

  it('defaults to 250: the 251st code line is reported', () => {
    const text = lines(251, (i) => `const v${i} = ${i};`);
    assert.deepEqual(check(maxLines, text), [{ messageId: 'tooMany', data: { count: 251, max: 250 }, line: 251, anchor: 'file' }]);
  });

  it('parses and counts files over 32 KiB', () => {
    const text = lines(2000, (i) => `// comment ${i}\nexport const value${i} = '${'x'.repeat(40)}';`);
    assert.ok(text.length > 32 * 1024);
    // Every other line is a comment, so the 251st code line is line 502.
    assert.deepEqual(check(maxLines, text), [{ messageId: 'tooMany', data: { count: 2000, max: 250 }, line: 502, anchor: 'file' }]);
  });

  it('leads its message with the count', () => {
    const [violation] = check(maxLines, lines(251, (i) => `f(${i});`));
    assert.equal(
      formatMessage(maxLines.meta.messages[violation!.messageId]!, violation!.data),
      '251 code lines (limit 250): split the file along a seam',
    );
  });
});

describe('max-lines skipImports and skipTypeDeclarations', () => {
  const text = [
    "import { a } from './a';",
    'import {',
    '  b,',
    "} from './b';",
    "import type { C } from './c';",
    'export interface Shape {',
    '  size: number;',
    '}',
    'type Alias = string;',
    'declare const env: string;',
    "export type { C as D } from './c';",
    'export const value = a + b;',
    'function f(): Alias {',
    '  return env;',
    '}',
  ].join('\n');
  const count = (options: object): unknown => check(maxLines, text, { max: 1, ...options })[0]?.data.count;

  it('counts everything by default', () => assert.equal(count({}), 15));
  it('skipImports drops import statements', () => assert.equal(count({ skipImports: true }), 10));
  it('skipTypeDeclarations drops interfaces, aliases, declare, import type and export type', () => assert.equal(count({ skipTypeDeclarations: true }), 8));
  it('both together', () => assert.equal(count({ skipImports: true, skipTypeDeclarations: true }), 4));
  it('reports the first counted line past the limit', () => {
    assert.equal(check(maxLines, text, { max: 1, skipImports: true, skipTypeDeclarations: true })[0]?.line, 13);
  });
});
