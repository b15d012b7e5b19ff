import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  alignableCode,
  alignCode,
  compareLines,
  literalDifferences,
  keysByName,
  parameterArguments,
  receiverArgument,
  type AlignableCode,
} from '../../../src/pipeline/duplicates/alignment.js';

const ts = (text: string): AlignableCode => alignableCode(text, 'typescript');
const full = (a: AlignableCode, b: AlignableCode) => alignCode(a, b, a.tokens.length + b.tokens.length)!;

const LOAD = [
  'export function load(path: string): Config {',
  "  const raw = readFileSync(path, 'utf8');",
  '  const data = JSON.parse(raw);',
  '  return { port: data.port ?? 8080, host: data.host };',
  '}',
].join('\n');

describe('alignableCode', () => {
  it('leaves out the declaration header, so a method, a function and an arrow align whole', () => {
    const method = ts('  load(file) {\n    return read(file, 1);\n  }');
    const declaration = ts('export async function loadIt(p: string) {\n  return read(p, 1);\n}');
    const arrow = ts('export const load = (p: string) => {\n  return read(p, 1);\n};');
    const property = ts('  load: (p) => {\n    return read(p, 1);\n  },');
    for (const other of [declaration, arrow, property]) {
      assert.deepEqual(other.tokens, method.tokens);
      assert.equal(full(method, other).similarity, 1);
    }
    assert.equal(method.tokens[0], '(');
  });

  it('finds the parameters of a plain list, and none for destructuring or rest', () => {
    const code = ts('function f(a, b = 2) {\n  return a + b;\n}');
    assert.deepEqual(code.parameters?.map((i) => code.texts[i]), ['a', 'b']);
    assert.equal(ts('function f({ a }, b) {\n  return a + b;\n}').parameters, undefined);
    assert.equal(ts('function f(...rest) {\n  return rest;\n}').parameters, undefined);
    const single = ts('const f = x => {\n  return x * 2;\n};');
    assert.deepEqual(single.parameters?.map((i) => single.texts[i]), ['x']);
    assert.ok(!single.tokens.includes('=>'), "the arrow of the header is left out");
  });

  it('keeps each token\'s row in the chunk and a string run as one value', () => {
    const code = ts('function f(a) {\n  return `x ${a} y`;\n}');
    const strings = code.texts.filter((_, i) => code.tokens[i] === 'STR');
    assert.deepEqual(strings, ['x ', ' y']);
    assert.deepEqual(code.rows.slice(0, 3), [0, 0, 0]);
    assert.equal(code.rows.at(-1), 2);
  });
});

describe('alignCode', () => {
  it('aligns a renamed, retyped, reformatted copy token for token', () => {
    const copy = ts("function loadSettings(file) {\n  const text = readFileSync(file, 'utf8');\n  const parsed = JSON.parse(text);\n  return {\n    port: parsed.port ?? 8080,\n    host: parsed.host,\n  };\n}");
    const alignment = full(copy, ts(LOAD));
    assert.equal(alignment.similarity, 1);
    assert.deepEqual([...alignment.counterpart], copy.tokens.map((_, i) => i));
  });

  it('is a longest common subsequence: an inserted statement leaves every original token aligned', () => {
    const original = ts(LOAD);
    const copy = ts(LOAD.replace('  const data', "  console.log('loading', path);\n  const data"));
    const alignment = full(copy, original);
    assert.equal(alignment.matched, original.tokens.length);
    const { lines, matchingLines, differingRows, removedRows } = compareLines(copy, original, alignment);
    assert.deepEqual({ lines, matchingLines, differingRows, removedRows }, { lines: 6, matchingLines: 5, differingRows: [2], removedRows: [] });
  });

  it('names the rows of the original that have no counterpart', () => {
    const original = ts(LOAD);
    const copy = ts(LOAD.replace('  const data = JSON.parse(raw);\n', ''));
    const { removedRows, differingRows } = compareLines(copy, original, full(copy, original));
    // The return reads `data`, no longer declared in the copy: a free name there, an ID here.
    assert.deepEqual(removedRows, [2, 3]);
    assert.deepEqual(differingRows, [2]);
  });

  it('gives up past maxEdits', () => {
    const a = ts('function f(a) {\n  return a.map((x) => x * 2).filter(Boolean);\n}');
    const b = ts('function g(s) {\n  while (s.length > 0) s.pop();\n  throw new Error(s);\n}');
    assert.equal(alignCode(a, b, 4), undefined);
    assert.ok(alignCode(a, b, a.tokens.length + b.tokens.length));
  });

  it('agrees with the dynamic-programming LCS length on random sequences', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const code = (tokens: string[]): AlignableCode => ({ tokens, rows: tokens.map(() => 0), texts: tokens });
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: Math.floor(random() * 30) }, () => 'abcd'[Math.floor(random() * 4)]!);
      const b = Array.from({ length: Math.floor(random() * 30) }, () => 'abcd'[Math.floor(random() * 4)]!);
      const alignment = alignCode(code(a), code(b), a.length + b.length)!;
      assert.equal(alignment.matched, lcsLength(a, b), `${a.join('')} / ${b.join('')}`);
      let last = -1;
      alignment.counterpart.forEach((j, i) => {
        if (j < 0) return;
        assert.equal(a[i], b[j]);
        assert.ok(j > last, 'pairs in order');
        last = j;
      });
    }
  });
});

describe('literalDifferences and parameterArguments', () => {
  it('names the aligned values that differ, with their rows in our chunk', () => {
    const original = ts(LOAD);
    const copy = ts(LOAD.replace('8080', '3000').replace("'utf8'", "'latin1'"));
    const differences = literalDifferences(copy, original, full(copy, original));
    assert.deepEqual(differences, [
      { token: 'STR', ours: 'latin1', theirs: 'utf8', row: 1 },
      { token: 'NUM', ours: '3000', theirs: '8080', row: 3 },
    ]);
  });

  it('ignores the quote style of Python strings and the names an f-string interpolates', () => {
    const a = alignableCode("def f(x):\n    return g(x, 'a', f'{x} b')\n", 'python');
    const b = alignableCode('def h(y):\n    return g(y, "a", f"{y} b")\n', 'python');
    assert.deepEqual(literalDifferences(a, b, full(a, b)), []);
    const c = alignableCode('def h(y):\n    return g(y, "a", f"{y} c")\n', 'python');
    assert.deepEqual(literalDifferences(a, c, full(a, c)).map((d) => d.theirs), ['{y} c']);
  });

  it("maps the original's parameters to the names our copy uses in their place", () => {
    const original = ts('function scale(values, factor) {\n  return values.map((v) => v * factor);\n}');
    const copy = ts('const times = (items, by) => {\n  return items.map((it) => it * by);\n};');
    assert.deepEqual(parameterArguments(copy, original, full(copy, original)), ['items', 'by']);
  });

  it('spells object keys by name on request, so two tables of other keys do not align entry by entry', () => {
    const table = ts('function t() {\n  return { string: "a", file: "b" };\n}');
    assert.deepEqual(table.tokens.filter((t) => t.startsWith('KEY')), ['KEY', 'KEY']);
    assert.deepEqual(keysByName(table).tokens.filter((t) => t.startsWith('KEY')), ['KEY:string', 'KEY:file']);
    const plain = ts('function u(x) {\n  return x + 1;\n}');
    assert.equal(keysByName(plain), plain);
  });

  it("reads a method's `this` as a hidden first parameter, so the method lifted into a function with `self` aligns whole", () => {
    const original = ts('build(connection: string): this {\n  this.prefix = this.buildPrefix(connection);\n  return this;\n}');
    const lifted = ts('function build(self: Embedded, connection: string): Embedded {\n  self.prefix = self.buildPrefix(connection);\n  return self;\n}');
    assert.deepEqual(lifted.tokens, original.tokens);
    assert.equal(receiverArgument(lifted, original, full(lifted, original)), 'self');
    assert.deepEqual(parameterArguments(lifted, original, full(lifted, original)), ['connection']);
    // A method without parameters gets the receiver alone; one that never reads `this` gets none.
    assert.deepEqual(alignableCode('size() {\n  return this.items.length;\n}', 'typescript').tokens.slice(0, 4), ['(', 'ID', ')', '{']);
    assert.deepEqual(alignableCode('size(items) {\n  return items.length;\n}', 'typescript').tokens.slice(0, 4), ['(', 'ID', ')', '{']);
    assert.equal(alignableCode('size(items) {\n  return items.length;\n}', 'typescript').receiver, undefined);
    // Our copy that reads `this` too has no receiver to spell.
    assert.equal(receiverArgument(original, original, full(original, original)), undefined);
  });
});

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    b.forEach((y, j) => row.push(x === y ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!)));
    previous = row;
  }
  return previous[b.length]!;
}
