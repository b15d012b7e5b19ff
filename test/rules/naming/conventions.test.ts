/**
 * @fileoverview Pasted typescript-eslint conventions, case by case (our own
 * cases after the kinds of edge cases typescript-eslint's tests cover):
 * acronyms under camelCase vs strictCamelCase, UPPER_CASE, leading and
 * trailing underscore options, prefixes and suffixes, custom regexes,
 * filters, modifiers and the order in which conventions are tried.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { naming } from '../../../rules/naming/index.js';
import { inEslintFormat } from '../../../rules/naming/convention-check.js';
import { check } from '../helpers.js';

/** `line:column messageId` of each violation under `conventions`. */
function flagged(code: string, conventions: unknown[]): string[] {
  return check(naming, code, { conventions, ignore: [] }).map((v) => `${v.line}:${v.data.column} ${v.messageId}`);
}

describe('typescript-eslint formats', () => {
  it('camelCase accepts acronyms, strictCamelCase does not', () => {
    assert.equal(inEslintFormat('parseURL', 'camelCase'), true);
    assert.equal(inEslintFormat('parseURL', 'strictCamelCase'), false);
    assert.equal(inEslintFormat('parseUrl', 'strictCamelCase'), true);
    assert.equal(inEslintFormat('XMLHttpRequest', 'PascalCase'), true);
    assert.equal(inEslintFormat('XMLHttpRequest', 'StrictPascalCase'), false);
  });

  it('UPPER_CASE and snake_case forbid leading, trailing and doubled underscores', () => {
    assert.equal(inEslintFormat('MAX_SIZE', 'UPPER_CASE'), true);
    assert.equal(inEslintFormat('MAX__SIZE', 'UPPER_CASE'), false);
    assert.equal(inEslintFormat('MAX_', 'UPPER_CASE'), false);
    assert.equal(inEslintFormat('HTTP2', 'UPPER_CASE'), true);
    assert.equal(inEslintFormat('max_size', 'snake_case'), true);
    assert.equal(inEslintFormat('maxSize', 'snake_case'), false);
  });

  it('a leading $ is a caseless character, as typescript-eslint treats it', () => {
    assert.equal(inEslintFormat('$Store', 'camelCase'), true);
    assert.equal(inEslintFormat('$store', 'PascalCase'), true);
  });
});

describe('naming with pasted conventions', () => {
  const camel = [{ selector: 'default', format: ['camelCase'] }];

  it('reports format failures with the selector in the message', () => {
    const [violation] = check(naming, 'function Get_user() {}', { conventions: camel });
    assert.equal(violation?.messageId, 'doesNotMatchFormat');
    assert.deepEqual(violation?.data, { formats: 'camelCase', name: 'Get_user', type: 'Function', column: 10 });
    assert.equal(violation?.suggestion, 'getUser');
  });

  it('strictCamelCase flags parseURL; camelCase accepts it', () => {
    const code = 'function parseURL() {}';
    assert.deepEqual(flagged(code, camel), []);
    assert.deepEqual(flagged(code, [{ selector: 'function', format: ['strictCamelCase'] }]), ['1:10 doesNotMatchFormat']);
  });

  it('leading and trailing underscore options', () => {
    const code = 'let _a = 1;\nlet b_ = 2;\nlet __c = 3;\nlet d = 4;';
    assert.deepEqual(flagged(code, camel), ['1:5 doesNotMatchFormat', '2:5 doesNotMatchFormat', '3:5 doesNotMatchFormat']);
    const allow = [{ selector: 'variable', format: ['camelCase'], leadingUnderscore: 'allowSingleOrDouble', trailingUnderscore: 'allow' }];
    assert.deepEqual(flagged(code, allow), []);
    const forbid = [{ selector: 'variable', format: ['camelCase'], leadingUnderscore: 'forbid', trailingUnderscore: 'forbid' }];
    assert.deepEqual(flagged(code, forbid), ['1:5 unexpectedUnderscore', '2:5 unexpectedUnderscore', '3:5 unexpectedUnderscore']);
    const requireDouble = [{ selector: 'variable', format: ['camelCase'], leadingUnderscore: 'requireDouble', trailingUnderscore: 'allow' }];
    assert.deepEqual(flagged(code, requireDouble), ['1:5 missingUnderscore', '2:5 missingUnderscore', '4:5 missingUnderscore']);
  });

  it('prefixes and suffixes are trimmed before the format is checked', () => {
    const conventions = [{ selector: 'interface', format: ['PascalCase'], prefix: ['I'], suffix: ['Props', 'State'] }];
    const code = 'interface IButtonProps {}\ninterface ButtonProps {}\ninterface IButton {}\ninterface Ibutton_Props {}';
    assert.deepEqual(flagged(code, conventions), ['2:11 missingAffix', '3:11 missingAffix', '4:11 doesNotMatchFormatTrimmed']);
  });

  it('custom regexes must match, or must not', () => {
    const conventions = [{ selector: 'interface', format: ['PascalCase'], custom: { regex: '^I[A-Z]', match: false } }];
    assert.deepEqual(flagged('interface IUser {}\ninterface User {}', conventions), ['1:11 satisfyCustom']);
  });

  it('a filter takes precedence and format: null skips the check', () => {
    const conventions = [
      { selector: 'default', format: ['camelCase'] },
      { selector: 'variable', filter: '^__', format: null },
    ];
    assert.deepEqual(flagged('const __legacy_name = 1;\nconst Other_name = 2;', conventions), ['2:7 doesNotMatchFormat']);
  });

  it('more modifiers win for one selector; individual selectors before groups', () => {
    const conventions = [
      { selector: 'variable', format: ['camelCase'] },
      { selector: 'variable', modifiers: ['const', 'global'], format: ['UPPER_CASE'] },
      { selector: 'variableLike', format: ['snake_case'] },
    ];
    const code = 'const MAX_SIZE = 1;\nconst maxSize = 2;\nfunction run_now(page_size: number) {\n  const localValue = page_size;\n  return localValue;\n}';
    assert.deepEqual(flagged(code, conventions), ['2:7 doesNotMatchFormat']);
  });

  it('method and property groups outrank memberLike', () => {
    const conventions = [
      { selector: 'memberLike', format: ['snake_case'] },
      { selector: 'method', format: ['camelCase'] },
    ];
    assert.deepEqual(flagged('class A {\n  getName() {}\n  first_name = 1;\n  Bad_Field = 2;\n}', conventions), ['4:3 doesNotMatchFormat']);
  });

  it('modifiers: private, #private, static readonly, exported, unused parameters, shorthand destructuring', () => {
    const conventions = [
      { selector: 'default', format: ['camelCase'] },
      { selector: 'memberLike', modifiers: ['private'], format: ['camelCase'], leadingUnderscore: 'require' },
      { selector: 'memberLike', modifiers: ['static', 'readonly'], format: ['UPPER_CASE'] },
      { selector: 'function', modifiers: ['exported'], format: ['PascalCase'] },
      { selector: 'parameter', modifiers: ['unused'], format: ['camelCase'], leadingUnderscore: 'require' },
      { selector: 'variable', modifiers: ['destructured'], format: null },
    ];
    const code = [
      'class A {',
      '  private cache = 1;',
      '  private _ok = 2;',
      '  #hidden = 3;',
      '  static readonly MAX = 4;',
      '  static readonly max = 5;',
      '}',
      'export function Make(used: number, unused: number) { return used; }',
      'const { Shorthand_Name } = {} as { Shorthand_Name: number };',
      'const { a: Renamed_Name } = { a: 1 };',
    ].join('\n');
    assert.deepEqual(flagged(code, conventions), [
      '1:7 doesNotMatchFormat', // class A: `default` says camelCase
      '2:11 missingUnderscore',
      '6:19 doesNotMatchFormat',
      '8:36 missingUnderscore',
      '9:36 doesNotMatchFormat', // the type literal's property
      '10:12 doesNotMatchFormat', // renamed, so not `destructured`
    ]);
  });

  it('finds unused parameters of callbacks at any depth, and never of signatures without a body', () => {
    const conventions = [{ selector: 'parameter', modifiers: ['unused'], format: ['camelCase'], leadingUnderscore: 'require' }];
    const code = [
      'pool.connect((err: Error, connection: Conn) => { void err; });',
      'test("x", async () => { const f = (flag?: boolean) => 1; return f; });',
      'function load(unusedInOverload: string): void;',
      'function load(value: unknown) { return value; }',
    ].join('\n');
    assert.deepEqual(flagged(code, conventions), ['1:27 missingUnderscore', '2:36 missingUnderscore']);
  });

  it('rejects conventions typescript-eslint would reject, naming the key', () => {
    const parse = (conventions: unknown) => naming.meta.options.safeParse({ conventions });
    assert.equal(parse([{ selector: 'variables', format: ['camelCase'] }]).success, false);
    assert.equal(parse([{ selector: 'variable', format: ['camelcase'] }]).success, false);
    assert.equal(parse([{ selector: 'variable', format: null, prefix: [''] }]).success, false);
    assert.equal(parse([{ selector: 'variable', format: null, filter: '(' }]).success, false);
    assert.equal(parse([{ selector: 'variable' }]).success, false);
  });
});
