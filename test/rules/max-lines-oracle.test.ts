/**
 * @fileoverview max-lines against its reference: ESLint 9's `max-lines`
 * (skipComments, skipBlankLines; typescript-eslint parser) must count every
 * hand-written edge-case fixture in fixtures/max-lines exactly as we do, and
 * the deliberate differences documented in docs/rules/max-lines.md stay
 * what the docs say.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EslintOracle } from '../../bench/lib/eslint-oracle.js';
import { createSourceFile, languageForPath } from '../../syntax/index.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/max-lines');

function ourCount(name: string, text: string): number {
  const language = languageForPath(name);
  assert.ok(language, `no language for ${name}`);
  return createSourceFile(name, text, language).codeLineCount;
}

describe('max-lines agrees with ESLint max-lines', () => {
  const oracle = new EslintOracle();
  const names = readdirSync(FIXTURES).sort();

  it('has the edge-case fixtures (JSDoc, block comments, shebangs, TSX comments, templates, CRLF)', () => {
    for (const name of ['jsdoc.ts', 'block-comments.ts', 'shebang.js', 'shebang.ts', 'comments.tsx', 'templates.ts', 'crlf.ts']) {
      assert.ok(names.includes(name), name);
    }
  });

  for (const name of names) {
    it(`counts ${name} as ESLint does`, () => {
      const text = readFileSync(path.join(FIXTURES, name), 'utf8');
      const eslint = oracle.codeLines(name, text);
      assert.equal(typeof eslint, 'number', `ESLint could not parse ${name}: ${JSON.stringify(eslint)}`);
      assert.ok((eslint as number) > 0);
      assert.equal(ourCount(name, text), eslint);
    });
  }

  it('agrees on small cases: empty, comment only, no final newline, BOM, comment-like regex', () => {
    const cases = ['', '// x\n', 'const a = 1;', '\uFEFF// c\nconst a = 1;\n', 'const r = /\\/*x/;\nconst y = 2;\n'];
    for (const text of cases) assert.equal(ourCount('a.ts', text), oracle.codeLines('a.ts', text), JSON.stringify(text));
  });

  // Documented in docs/rules/max-lines.md: rows break at `\n` only, as in git, editors' line numbers and our findings.
  it('deliberately differs: a lone CR or U+2028 is not a line break for us', () => {
    const loneCr = 'const a = 1;\rconst b = 2;\r// c\rconst d = 3;\n';
    assert.deepEqual([ourCount('a.ts', loneCr), oracle.codeLines('a.ts', loneCr)], [1, 3]);
    const separator = 'const s = `p\u2028\u2028q`;\n';
    assert.deepEqual([ourCount('a.ts', separator), oracle.codeLines('a.ts', separator)], [1, 2]);
  });

  it('reports a parse error as data rather than a count', () => {
    assert.deepEqual(oracle.codeLines('a.ts', 'const a = ;\n'), { error: 'Parsing error: Expression expected.' });
  });
});
