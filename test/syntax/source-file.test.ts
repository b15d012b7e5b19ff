import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSourceFile, languageForPath, splitLines, tokenText } from '../../syntax/index.js';

/** The 1-based numbers of the lines counted as code. */
function codeRows(text: string, language: 'typescript' | 'tsx' | 'javascript' = 'typescript'): number[] {
  const file = createSourceFile('x', text, language);
  return [...file.codeLines].flatMap((flag, row) => (flag ? [row + 1] : []));
}

describe('code line classification', () => {
  const cases: Array<[string, string, number[]]> = [
    ['blank and comment-only lines are not code', 'const a = 1;\n\n// note\n   \nconst b = 2;\n', [1, 5]],
    ['code with a trailing comment is code', 'const a = 1; // why\n', [1]],
    ['a block comment before code on the same line', '/* x */ const a = 1;\n', [1]],
    ['JSDoc is not code', '/**\n * Doc.\n * @param a\n */\nfunction f(a) {}\n', [5]],
    ['a multi-line block comment ending before code', '/* a\n b */ const c = 1;\n', [2]],
    ['non-blank lines of a template literal are code, blank ones are not', 'const t = `a\n\n  b\n`;\n', [1, 3, 4]],
    ['a shebang is a comment', '#!/usr/bin/env node\nmain();\n', [2]],
    ['CRLF line endings', 'const a = 1;\r\n// c\r\nconst b = 2;\r\n', [1, 3]],
  ];
  for (const [name, text, rows] of cases) {
    it(name, () => assert.deepEqual(codeRows(text), rows));
  }

  it('a JSX comment keeps its braces, which are code (as ESLint counts them)', () => {
    const text = 'const A = () => (\n  <div>\n    {/* shown */}\n    <span />\n  </div>\n);\n// after\n';
    assert.deepEqual(codeRows(text, 'tsx'), [1, 2, 3, 4, 5, 6]);
  });

  it('parses files over 32 KiB (tree-sitter needs an explicit buffer size)', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i}; // entry ${i}`).join('\n');
    assert.ok(text.length > 32 * 1024);
    const file = createSourceFile('big.ts', text, 'typescript');
    assert.equal(file.codeLineCount, 2000);
    assert.equal(file.root.hasError, false);
  });

  it('token offsets index the JavaScript string, also after non-ASCII text', () => {
    const file = createSourceFile('x.ts', "const größe = 'überall'; const ok = 1;", 'typescript');
    const identifiers = file.tokens.filter((t) => t.type === 'identifier').map((t) => tokenText(file, t));
    assert.deepEqual(identifiers, ['größe', 'ok']);
  });

  it('keeps going on syntax errors', () => {
    const file = createSourceFile('x.ts', 'function (\nconst a = ;\nlet b = 2;\n', 'typescript');
    assert.equal(file.root.hasError, true);
    assert.equal(file.codeLineCount, 3);
  });
});

describe('language registry', () => {
  it('maps extensions to grammars and skips declaration files', () => {
    assert.equal(languageForPath('a/b.ts'), 'typescript');
    assert.equal(languageForPath('a/b.MTS'), 'typescript');
    assert.equal(languageForPath('a/b.tsx'), 'tsx');
    assert.equal(languageForPath('a/b.jsx'), 'javascript');
    assert.equal(languageForPath('a/b.cjs'), 'javascript');
    assert.equal(languageForPath('a/b.d.ts'), undefined);
    assert.equal(languageForPath('a/b.md'), undefined);
  });
});

describe('splitLines', () => {
  it('breaks at \\n only and strips one \\r before it, as tree-sitter counts rows', () => {
    assert.deepEqual(splitLines('a\r\nb\rc\n\r\r\nd'), ['a', 'b\rc', '\r', 'd']);
    assert.deepEqual(splitLines(''), ['']);
    assert.deepEqual(splitLines('x\n'), ['x', '']);
  });

  it('is how a SourceFile cuts its lines', () => {
    const text = 'const a = 1;\r\n// lone \r here\nconst b = 2;\r\n';
    const file = createSourceFile('x.ts', text, 'typescript');
    assert.deepEqual(file.lines, splitLines(text));
    assert.equal(file.lines.length, file.root.endPosition.row + 1);
  });
});
