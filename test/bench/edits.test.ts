import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EDIT_TYPES, snippetParses, variantText, type EditType } from '../../bench/eval/edits/registry.js';
import type { EditTarget } from '../../bench/eval/edits/edit.js';
import { Rng } from '../../bench/eval/rng.js';
import { applyEdits, locateFunction } from '../../bench/eval/syntax-util.js';
import { createSourceFile, type LanguageId } from '../../syntax/index.js';

const SAMPLE = `export function summarize(items: number[], limit = 3): string {
  const seen = new Set<number>();
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    if (items[i] > limit) continue;
    total += items[i];
  }
  items.forEach((x) => {
    seen.add(x);
  });
  const label = 'total';
  const count = seen.size;
  const report = { label, total, count };
  return JSON.stringify(report);
}`;

function target(code: string, language: LanguageId = 'typescript', seed = 7): EditTarget {
  const file = createSourceFile('sample.ts', code, language);
  const fn = locateFunction(file, 0, code.length);
  assert.ok(fn, 'the sample holds a function');
  return { file, fn, start: 0, end: code.length, rng: new Rng(seed) };
}

function edited(type: EditType, code: string, language: LanguageId = 'typescript', seed = 7): string {
  const variant = variantText(type, target(code, language, seed));
  assert.ok(!('skip' in variant), `${type} applies: ${'skip' in variant ? variant.skip : ''}`);
  return variant.text;
}

describe('benchmark edits', () => {
  it('every edit type yields code that parses and differs from the original (none: equals it)', () => {
    for (const type of EDIT_TYPES) {
      const variant = variantText(type, target(SAMPLE));
      if ('skip' in variant) continue;
      assert.ok(snippetParses(variant.text, 'typescript'), `${type} parses`);
      if (type === 'none') assert.equal(variant.text, SAMPLE);
      else assert.notEqual(variant.text, SAMPLE, `${type} changes the code`);
    }
  });

  it('rename renames the function, parameters and locals consistently and keeps shorthand keys', () => {
    const text = edited('rename', SAMPLE);
    assert.doesNotMatch(text, /\bsummarize\b|\bitems\b|\blimit\b/);
    assert.match(text, /\{ label: \w+, total: \w+, count: \w+ \}/);
    assert.match(text, /JSON\.stringify/, 'globals and members keep their names');
  });

  it('types removes annotations, type arguments and casts, and adds them to untyped code', () => {
    const removed = edited('types', SAMPLE);
    assert.doesNotMatch(removed, /: number\[\]|<number>|\): string/);
    const added = edited('types', 'function f(name, count = 2) {\n  console.log(name, count);\n}\n');
    assert.match(added, /name: string, count: number = 2\): void/);
    assert.equal('skip' in variantText('types', target('function f(a) {\n  return a;\n}\n', 'javascript')), true);
  });

  it('loop-style turns an index loop read only through items[i] into for…of', () => {
    const code = 'function sum(items: number[]) {\n  let t = 0;\n  for (let i = 0; i < items.length; i++) {\n    t += items[i];\n  }\n  return t;\n}';
    assert.match(edited('loop-style', code), /for \(const item of items\) \{\n {4}t \+= item;/);
  });

  it('loop-style turns forEach into for…of with return as continue, and for…of into forEach', () => {
    const each = 'function f(xs: number[]) {\n  xs.forEach((x) => {\n    if (x) return;\n    g(x);\n  });\n}';
    assert.match(edited('loop-style', each), /for \(const x of xs\) \{\n {4}if \(x\) continue;\n {4}g\(x\);\n {2}\}\n\}/);
    const forOf = 'function f(xs: number[]) {\n  for (const x of xs) {\n    g(x);\n  }\n}';
    assert.match(edited('loop-style', forOf), /xs\.forEach\(\(x\) => \{\n {4}g\(x\);\n {2}\}\);/);
  });

  it('loop-style leaves loops with break or return alone', () => {
    const code = 'function f(xs: number[]) {\n  for (const x of xs) {\n    if (x) break;\n  }\n  for (const y of xs) {\n    if (y) return y;\n  }\n}';
    assert.equal('skip' in variantText('loop-style', target(code)), true);
  });

  it('reorder only swaps independent statements', () => {
    const dependent = 'function f(a: number) {\n  const b = a + 1;\n  const c = b * 2;\n  return c;\n}';
    assert.equal('skip' in variantText('reorder', target(dependent)), true);
    const independent = 'function f(a: number) {\n  const b = a + 1;\n  const c = a * 2;\n  return b + c;\n}';
    assert.match(edited('reorder', independent), /const c = a \* 2;\n {2}const b = a \+ 1;/);
  });

  it('extract-helper moves statements into a helper taking the outer locals they read and returning the one used later', () => {
    const code = 'function f(a: number, b: string) {\n  const x = a + 1;\n  const y = x * 2;\n  return b + y;\n}';
    const text = edited('extract-helper', code, 'typescript', 1);
    assert.match(text, /const y = \w+\(a\);\n {2}return b \+ y;\n\}\n\nfunction \w+\(a: number\) \{\n {2}const x = a \+ 1;\n {2}const y = x \* 2;\n {2}return y;\n\}/);
  });

  it('extract-helper makes class-member helpers methods called through this', () => {
    const code = '  run(n: number) {\n    this.a = n;\n    this.b = n * 2;\n    return this.a + this.b;\n  }';
    const file = createSourceFile('c.ts', `class C {\n${code}\n}`, 'typescript');
    const start = file.text.indexOf(code);
    const fn = locateFunction(file, start, start + code.length)!;
    const variant = variantText('extract-helper', { file, fn, start, end: start + code.length, rng: new Rng(1) });
    assert.ok(!('skip' in variant));
    assert.match(variant.text, /this\.\w+\(n\);[\s\S]*\n {2}\w+\(n: number\) \{\n {4}this\.a = n;/);
  });

  it('logging adds a console.log and a null guard on the first parameter', () => {
    assert.match(edited('logging', SAMPLE), /\{\n {2}console\.log\('summarize', items\);\n {2}if \(items == null\) \{\n {4}return null;\n {2}\}/);
  });

  it('reformat flips quotes, re-indents and joins or splits lists', () => {
    const text = edited('reformat', 'function f(a: string) {\n  return g(\n    "x",\n    a,\n  );\n}');
    assert.equal(text, "function f(a: string) {\n    return g('x', a);\n}");
  });

  it('combined applies rename, reformat and literals together', () => {
    const text = edited('combined', SAMPLE);
    assert.doesNotMatch(text, /\bsummarize\b|'total'/);
    assert.match(text, /\n {4}const /, 're-indented');
  });
});

/** The variant of the function at `[start, end)` of `code` (a member inside a class, say). */
function editedAt(type: EditType, code: string, part: string, language: LanguageId = 'typescript'): string | { skip: string } {
  const file = createSourceFile(language === 'tsx' ? 'c.tsx' : 'c.ts', code, language);
  const start = code.indexOf(part);
  const fn = locateFunction(file, start, start + part.length);
  assert.ok(fn, 'the part holds a function');
  const variant = variantText(type, { file, fn, start, end: start + part.length, rng: new Rng(3) });
  return 'skip' in variant ? variant : variant.text;
}

describe('findings-harness edits', () => {
  it('types also removes annotations inside the value of a cast (they were left behind)', () => {
    const text = edited('types', 'function f(): Config {\n  return ({ g: (x: number) => x, h: (y as any).z } as Config);\n}');
    assert.equal(text, 'function f() {\n  return ({ g: (x) => x, h: (y).z });\n}');
  });

  it('literal-one changes exactly one literal', () => {
    const code = "function f() {\n  return ['alpha', 'beta', 3];\n}";
    const text = edited('literal-one', code);
    const changed = ["'alpha'", "'beta'", ' 3]'].filter((l) => !text.includes(l));
    assert.equal(changed.length, 1, text);
  });

  it('log-line adds only the log line, guard only the early return', () => {
    const log = edited('log-line', SAMPLE);
    assert.match(log, /\{\n {2}console\.log\('summarize', items\);\n {2}const seen/);
    const guard = edited('guard', SAMPLE);
    assert.match(guard, /\{\n {2}if \(items == null\) \{\n {4}return null;\n {2}\}\n {2}const seen/);
    assert.doesNotMatch(guard, /console\.log\('summarize'/);
  });

  it('class-move lifts a method into a function with this as a typed self parameter', () => {
    const method = '  private async find(id: string): Promise<Row> {\n    return this.rows.get(id);\n  }';
    const text = editedAt('class-move', `class Repo {\n${method}\n}`, method);
    assert.equal(text, '  async function find(self: Repo, id: string): Promise<Row> {\n    return self.rows.get(id);\n  }');
    const staticMethod = '  static twice(x: number) {\n    return this.once(x) * 2;\n  }';
    assert.equal(editedAt('class-move', `class Util {\n${staticMethod}\n}`, staticMethod), '  function twice(x: number) {\n    return Util.once(x) * 2;\n  }');
    const accessor = '  get size() {\n    return this.n;\n  }';
    assert.deepEqual(editedAt('class-move', `class A {\n${accessor}\n}`, accessor), { skip: 'constructor or accessor' });
  });

  it('class-move moves a function into a class as a static method, recursive calls included', () => {
    const text = edited('class-move', 'export function fact(n: number): number {\n  return n < 2 ? 1 : n * fact(n - 1);\n}');
    assert.equal(text, 'export class FactHelpers {\n  static fact(n: number): number {\n    return n < 2 ? 1 : n * FactHelpers.fact(n - 1);\n  }\n}');
  });

  it('arrow-function turns a declaration into a const arrow and back, an expression body into a block', () => {
    assert.equal(edited('arrow-function', 'export function f(a: number): number {\n  return a + 1;\n}'), 'export const f = (a: number): number => {\n  return a + 1;\n};');
    assert.equal(edited('arrow-function', 'export const g = async <T>(xs: T[]) => xs[0];'), 'export async function g<T>(xs: T[]) {\n  return xs[0];\n}');
    assert.equal(editedAt('arrow-function', 'function id<T>(x: T) {\n  return x;\n}', 'function id<T>(x: T) {\n  return x;\n}', 'tsx'), 'const id = <T,>(x: T) => {\n  return x;\n};');
    assert.equal('skip' in variantText('arrow-function', target('const h = () => {\n  return this.x;\n};')), true, 'an arrow using this stays');
  });

  it('field-rename renames the keys of returned object literals, shorthand included, and leaves other objects', () => {
    const text = edited('field-rename', 'function f(t: string, schema: string) {\n  const o = { tableName: t };\n  return { tableName: t, schema, ["k"]: 1 };\n}');
    assert.equal(text, 'function f(t: string, schema: string) {\n  const o = { tableName: t };\n  return { tableLabel: t, shape: schema, ["k"]: 1 };\n}');
    assert.equal(edited('field-rename', 'const g = (a) => ({ value: a });'), 'const g = (a) => ({ val: a });');
    assert.equal('skip' in variantText('field-rename', target('function h(a) {\n  return a;\n}\n')), true);
  });

  it('ts-to-js drops types and every TypeScript-only mark, and the result parses as JavaScript', () => {
    const method = '  private find(this: Repo, id?: string, readonly n = 1): Row {\n    let row!: Row;\n    row = this.rows.get(id!)! as Row;\n    return row;\n  }';
    const text = editedAt('ts-to-js', `class Repo {\n${method}\n}`, method);
    assert.equal(text, '  find(id, n = 1) {\n    let row;\n    row = this.rows.get(id);\n    return row;\n  }');
    const bound = edited('ts-to-js', 'const handler: Handler = (req: Req) => {\n  return req.url;\n};');
    assert.equal(bound, 'const handler = (req) => {\n  return req.url;\n};');
    assert.equal(snippetParses(bound, 'javascript'), true);
    assert.equal('skip' in variantText('ts-to-js', target('function f(a) {\n  return a;\n}\n', 'javascript')), true);
  });

  it('agent-combined renames, reformats, changes one literal and logs with the new names', () => {
    const text = edited('agent-combined', SAMPLE);
    assert.doesNotMatch(text, /\bsummarize\b|\bitems\b/);
    const log = /console\.log\('(\w+)', (\w+)\);/.exec(text);
    assert.ok(log, text);
    assert.match(text, new RegExp(`function ${log[1]}\\(${log[2]}: number\\[\\]`), 'the log names the renamed function and parameter');
    assert.match(text, /\n {4}const /, 're-indented');
  });
});

describe('benchmark support', () => {
  it('applyEdits applies disjoint edits and refuses overlapping ones', () => {
    assert.equal(applyEdits('abcdef', 1, 5, [{ start: 2, end: 3, text: 'X' }, { start: 4, end: 4, text: '!' }]), 'bXd!e');
    assert.equal(applyEdits('abcdef', 0, 6, [{ start: 1, end: 3, text: '' }, { start: 2, end: 4, text: '' }]), undefined);
  });

  it('Rng is deterministic per seed and label', () => {
    const draw = (rng: Rng): number[] => [rng.next(), rng.next(), rng.int(10)];
    assert.deepEqual(draw(Rng.derive(3, 'a')), draw(Rng.derive(3, 'a')));
    assert.notDeepEqual(draw(Rng.derive(3, 'a')), draw(Rng.derive(3, 'b')));
    assert.deepEqual(new Rng(5).shuffle([1, 2, 3, 4]).sort(), [1, 2, 3, 4]);
  });
});
