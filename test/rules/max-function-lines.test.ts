/**
 * @fileoverview max-function-lines: code lines and statements per function,
 * for each way a function is written, and why squeezing or deleting
 * comments does not escape it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maxFunctionLines } from '../../rules/max-function-lines.js';
import { check, lines } from './helpers.js';

/** `name messageId count` of each violation. */
function flagged(code: string, options: unknown = {}): string[] {
  return check(maxFunctionLines, code, options).map((v) => `${v.symbol} ${v.messageId} ${v.data.count}`);
}

const body = (n: number): string => lines(n, (i) => `  call(${i});`);

describe('max-function-lines', () => {
  it('counts code lines of functions, methods, bound and assigned functions', () => {
    const code = [
      `function big() {\n${body(4)}}`,
      `const arrow = () => {\n${body(4)}};`,
      `class Store {\n  load() {\n${body(4)}  }\n}`,
      `const api = {\n  get: function () {\n${body(4)}  },\n};`,
      `exports.run = function () {\n${body(4)}};`,
      `function small() {\n  call(1);\n}`,
    ].join('\n');
    assert.deepEqual(flagged(code, { max: 5 }), [
      'big tooManyLines 6',
      'arrow tooManyLines 6',
      'Store.load tooManyLines 6',
      'api.get tooManyLines 6',
      'run tooManyLines 6',
    ]);
  });

  it('comments and blank lines do not count', () => {
    const code = `function f() {\n  // one\n\n  /* two\n  three */\n${body(2)}}`;
    assert.deepEqual(flagged(code, { max: 4 }), []);
  });

  it('squeezing statements onto one line still hits the statement limit', () => {
    const squeezed = `function f() {\n  ${Array.from({ length: 12 }, (_, i) => `call(${i});`).join(' ')}\n}`;
    assert.deepEqual(flagged(squeezed, { max: 80, maxStatements: 10 }), ['f tooManyStatements 12']);
  });

  it('counts statements in nested blocks but not in nested functions', () => {
    const code = `function f(x: number) {\n  if (x) {\n    call(1);\n    call(2);\n  }\n  const g = () => {\n    call(3);\n    call(4);\n    call(5);\n  };\n  return g;\n}`;
    // if, two calls, const, return = 5; g's three statements are g's own.
    assert.deepEqual(flagged(code, { maxStatements: 4 }), ['f tooManyStatements 5']);
  });

  it('counts Python and Go statements by their own grammars, nested functions apart', () => {
    const python = 'def outer(xs):\n    def inner(x):\n        a = x\n        b = a\n        return b\n    total = 0\n    for x in xs:\n        total += inner(x)\n    return total\n';
    const pyFlagged = check(maxFunctionLines, python, { maxStatements: 1 }, 'python').map((v) => `${v.symbol} ${v.data.count}`);
    // outer: def, assignment, for, augmented assignment, return = 5; inner's 3 are its own.
    assert.deepEqual(pyFlagged, ['outer 5', 'inner 3']);
    const go = 'package p\n\nfunc Sum(xs []int) int {\n\ttotal := 0\n\tfor _, x := range xs {\n\t\ttotal += x\n\t}\n\tf := func() int { return total }\n\treturn f()\n}\n';
    const goFlagged = check(maxFunctionLines, go, { maxStatements: 1 }, 'go').map((v) => `${v.symbol} ${v.data.count}`);
    // :=, for, +=, := (the literal's own return is its own), return = 5.
    assert.deepEqual(goFlagged, ['Sum 5']);
  });

  it('defaults: 80 lines and 40 statements pass, 81 lines fail', () => {
    assert.deepEqual(flagged(`function f() {\n${body(38)}}`), []);
    assert.deepEqual(flagged(`function f() {\n${lines(79, (i) => `  if (x${i}) {`)}${lines(79, () => '  }')}}`), ['f tooManyLines 160', 'f tooManyStatements 79']);
  });

  it('points at the function name and spans the function', () => {
    const [violation] = check(maxFunctionLines, `\nexport async function load() {\n${body(3)}}\n`, { max: 2 });
    assert.deepEqual({ line: violation?.line, endLine: violation?.endLine }, { line: 2, endLine: 6 });
  });
});
