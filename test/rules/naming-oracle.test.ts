/**
 * @fileoverview naming with pasted typescript-eslint conventions against
 * typescript-eslint itself: a realistic naming-convention array
 * (fixtures/naming-oracle/eslint-naming.json) run by ESLint with
 * @typescript-eslint/eslint-plugin and by us over the same fixture files
 * must flag the same names at the same positions with the same message ids.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EslintOracle } from '../../bench/lib/eslint-oracle.js';
import { naming } from '../../rules/naming/index.js';
import { createSourceFile, languageForPath } from '../../syntax/index.js';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/naming-oracle');
const CONVENTIONS: unknown[] = JSON.parse(readFileSync(path.join(DIR, 'eslint-naming.json'), 'utf8'));

function ourVerdicts(name: string, text: string): string[] {
  const file = createSourceFile(name, text, languageForPath(name)!);
  const options = naming.meta.options.parse({ conventions: CONVENTIONS, ignore: [] });
  return naming.check!({ file, declarations: file.declarations, options }).map((v) => `${v.line}:${v.data.column} ${v.messageId}`);
}

describe('naming agrees with @typescript-eslint/naming-convention on a pasted configuration', () => {
  const oracle = new EslintOracle({ namingConvention: CONVENTIONS });
  const files = readdirSync(DIR).filter((name) => languageForPath(name) !== undefined);

  it('has fixtures in TypeScript, TSX and JavaScript', () => {
    assert.deepEqual(files.map((f) => path.extname(f)).sort(), ['.js', '.ts', '.tsx']);
  });

  for (const name of files) {
    it(`flags the same names in ${name}`, () => {
      const text = readFileSync(path.join(DIR, name), 'utf8');
      const eslint = oracle
        .lint(name, text)
        .filter((m) => m.ruleId === '@typescript-eslint/naming-convention')
        .map((m) => `${m.line}:${m.column} ${m.messageId}`);
      assert.ok(eslint.length >= 5, `${name}: the fixture should break several conventions`);
      assert.deepEqual(ourVerdicts(name, text).sort(), eslint.sort());
    });
  }
});
