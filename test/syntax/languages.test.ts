import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSourceFile, LANGUAGE_IDS, languageForPath, languageSpec, type LanguageId } from '../../syntax/index.js';

/** The 1-based numbers of the lines counted as code. */
function codeRows(text: string, language: LanguageId): number[] {
  const file = createSourceFile('x', text, language);
  return [...file.codeLines].flatMap((flag, row) => (flag ? [row + 1] : []));
}

describe('language registry', () => {
  it('reads Python and Go files by extension, next to TypeScript and JavaScript', () => {
    assert.equal(languageForPath('pkg/load.py'), 'python');
    assert.equal(languageForPath('stubs/load.pyi'), 'python');
    assert.equal(languageForPath('cmd/Main.GO'), 'go');
    assert.equal(languageForPath('src/a.ts'), 'typescript');
    assert.equal(languageForPath('README.md'), undefined);
  });

  it('has one module per language id, each with its own grammar', () => {
    assert.deepEqual(LANGUAGE_IDS, ['typescript', 'tsx', 'javascript', 'python', 'go']);
    for (const id of LANGUAGE_IDS) assert.equal(languageSpec(id).id, id);
    assert.throws(() => languageSpec('cobol' as LanguageId), /unknown language "cobol"/);
  });
});

describe('Python code lines', () => {
  const cases: Array<[string, string, number[]]> = [
    ['# comments and blank lines are not code', 'import os\n\n# note\nx = 1  # why\n', [1, 4]],
    ['a module docstring is documentation, not code', '"""Doc.\n\nMore.\n"""\nx = 1\n', [5]],
    [
      'function and class docstrings are not code',
      'def f():\n    """Doc."""\n    return 1\n\n\nclass A:\n    \'\'\'Doc\n    more\'\'\'\n    y = 2\n',
      [1, 3, 6, 9],
    ],
    ['a string that is assigned is code, every non-blank line of it', 'x = """a\n\nb"""\n', [1, 3]],
    ['a string passed to a call is code', 'print(\n    "a"\n)\n', [1, 2, 3]],
    ['a shebang is a comment', '#!/usr/bin/env python3\nmain()\n', [2]],
  ];
  for (const [name, text, rows] of cases) it(name, () => assert.deepEqual(codeRows(text, 'python'), rows));
});

describe('Go code lines', () => {
  const cases: Array<[string, string, number[]]> = [
    ['line and block comments are not code', '// Package a.\npackage a\n/*\nnotes\n*/\nvar x = 1 // why\n', [2, 6]],
    ['non-blank lines of a raw string are code', 'package a\n\nvar s = `one\n\ntwo`\n', [1, 3, 5]],
    ['a comment between statements', 'package a\n\nfunc f() {\n\t// step\n\tg()\n}\n', [1, 3, 5, 6]],
  ];
  for (const [name, text, rows] of cases) it(name, () => assert.deepEqual(codeRows(text, 'go'), rows));
});
