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
