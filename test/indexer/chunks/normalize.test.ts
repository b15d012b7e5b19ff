/**
 * @fileoverview The normalised token stream: one test per normalisation rule
 * (local names vs member and free names, formatter punctuation, lone arrow
 * parameters, shorthand, type erasure, literals, comments, JSX, ranges).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { declarationCore, normalizeFile, normalizeRange, normalizeRanges, normalizeSnippet } from '../../../indexer/chunks/normalize.js';
import { parse } from '../support.js';

const stream = (code: string, path?: string): string => normalizeFile(parse(code, path)).join(' ');

describe('normalizeRange / normalizeFile', () => {
  it('erases names declared in the range and the receiver `this`, and keeps member, key and free names', () => {
    assert.equal(
      stream('function f(a, { b, c: d }, ...e) { const [g] = a; return h(this.p, b.q, d, e, g, f); }'),
      'function ID ( ID , { b : ID , c : ID } , ... ID ) { const [ ID ] = ID return h ( ID . p , ID . q , ID , ID , ID , ID ) }',
    );
    assert.equal(stream('outer: for (;;) break outer;'), 'ID : for ( ) break ID');
    assert.equal(stream('try { g(); } catch (err) { log(err); }'), 'try { g ( ) } catch ( ID ) { log ( ID ) }');
    assert.equal(stream('for (const [k, v] of entries(m)) use(k, v);'), 'for ( const [ ID , ID ] of entries ( m ) ) use ( ID , ID )');
    assert.equal(stream('class A extends B { #p = 1; m(x) { return this.#p + x.y; } }'), 'class ID extends B { #p = NUM m ( ID ) { return ID . #p + ID . y } }');
  });

  it('tells parametric twins apart by what they touch and call', () => {
    const removeTag = 'function removeTag(tags, id) { return tags.filter((t) => t.id !== id); }';
    const dropOwner = 'function dropOwner(owners, id) { return owners.reject((o) => o.ownerId !== id); }';
    const renamed = 'function withoutTag(list, key) { return list.filter((x) => x.id !== key); }';
    assert.notEqual(stream(removeTag), stream(dropOwner));
    assert.equal(stream(removeTag), stream(renamed));
    assert.notEqual(stream('function make(d) { return new ZodString(d); }'), stream('function make(d) { return new ZodNumber(d); }'));
  });

  it('normalises nested and disjoint ranges in one walk exactly as one range at a time', () => {
    const file = parse(
      'export class Store<T> {\n  get(key: string): T | undefined { return this.items.get(key) as T; }\n' +
        '  put = (key: string, value: T) => { const old = this.get(key); this.items.set(key, value); return old; };\n}\n' +
        'function load(path: string) { const read = (p) => fs.readFileSync(p, "utf8") satisfies string; return read(path); }\n',
    );
    const ranges = ['class', 'get(', 'put =', 'function load', '(p) =>'].map((marker) => {
      const node = file.root.descendantForIndex(file.text.indexOf(marker));
      const unit = marker === 'class' || marker === 'function load' ? node.parent! : marker === '(p) =>' ? node.parent!.parent! : node.parent!;
      return [unit.startIndex, unit.endIndex] as const;
    });
    assert.deepEqual(
      normalizeRanges(file, ranges),
      ranges.map(([start, end]) => normalizeRange(file, start, end)),
    );
  });

  it('erases a method\'s own name, also where it calls itself through this', () => {
    const file = parse('class C {\n  walk(n) { return n ? this.walk(n.next) : this.done; }\n}');
    const start = file.text.indexOf('walk');
    const method = file.root.descendantForIndex(start).parent!;
    assert.equal(normalizeRange(file, method.startIndex, method.endIndex).join(' '), 'ID ( ID ) { return ID ? ID . ID ( ID . next ) : ID . done }');
  });

  it('drops semicolons and trailing commas', () => {
    assert.equal(stream('const a = f(1, 2,);\nconst b = [1, 2,];\nconst c = { x: 1, };'), stream('const a = f(1, 2)\nconst b = [1, 2]\nconst c = { x: 1 }'));
    assert.equal(stream('const c = { x: 1, };'), 'const ID = { x : NUM }');
  });

  it('drops the parentheses of a lone plain arrow parameter only', () => {
    assert.equal(stream('xs.map((item) => item.w);'), stream('xs.map(item => item.w)'));
    assert.equal(stream('xs.map((item) => item.w);'), 'xs . map ( ID => ID . w )');
    assert.equal(stream('xs.map((a, b) => a);'), 'xs . map ( ( ID , ID ) => ID )');
    assert.equal(stream('xs.map(({ w }) => w);'), 'xs . map ( ( { w : ID } ) => ID )');
  });

  it('reads shorthand properties and patterns as key: value', () => {
    const short = 'function area({ width, height }) { return { width, height }; }';
    const long = 'function area({ width: w, height: h }) { return { width: w, height: h }; }';
    assert.equal(stream(short), stream(long));
    assert.equal(stream('function f({ a = 1 }) { return { a, b }; }'), 'function ID ( { a : ID = NUM } ) { return { a : ID , b : b } }');
  });

  it('erases type annotations, type arguments and parameters, and casts', () => {
    const typed = 'function f<T extends X>(a: T, b?: Map<string, T>): T[] { const c = g<T>(a as unknown as T) satisfies Y; return [c as T]; }';
    const plain = 'function f(a, b?) { const c = g(a); return [c]; }';
    assert.equal(stream(typed), stream(plain));
  });

  it('erases string content and quote style, keeping template structure', () => {
    assert.equal(stream(`f('one', "two\\n", '');`), stream(`f("x", 'y', "");`));
    assert.equal(stream(`f('one', "two\\n", '');`), 'f ( " STR " , " STR " , " " )');
    assert.equal(stream('t = `a${b}c\\n`;'), 't = ` STR ${ b } STR `');
  });

  it('maps numbers to NUM and a whole regex literal to RE, leaving division alone', () => {
    assert.equal(stream('let x = /a\\/b+/gi.test(s) ? 1.5 : 0x1f;'), 'let ID = RE . test ( s ) ? NUM : NUM');
    assert.equal(stream('let x = a / b / 2;'), 'let ID = a / b / NUM');
  });

  it('drops comments and keeps keywords and punctuation', () => {
    assert.equal(stream('// lead\nasync function f() { /* in */ await g(); } // tail'), 'async function ID ( ) { await g ( ) }');
  });

  it('reads JSX text as STR and skips layout whitespace between tags', () => {
    assert.equal(stream('const e = <p className="a">\n  hi &amp; {x}\n</p>;', 'a.tsx'), 'const ID = < p className = " STR " > STR { x } </ p >');
  });

  it('covers only tokens starting inside the range, declarations included', () => {
    const file = parse('const a = 1;\nconst b = "s" + a;\n');
    const start = file.text.indexOf('const b');
    assert.deepEqual(normalizeRange(file, start, file.text.length), ['const', 'ID', '=', '"', 'STR', '"', '+', 'a']);
    assert.deepEqual(normalizeRange(file, 0, start), ['const', 'ID', '=', 'NUM']);
  });
});

describe('normalizeSnippet', () => {
  it('normalises incomplete code without throwing', () => {
    const tokens = normalizeSnippet('function f(a) { if (a > 1) { return g(', 'javascript');
    assert.deepEqual(tokens.slice(0, 5), ['function', 'ID', '(', 'ID', ')']);
  });

  it('treats declarations inside the snippet as local', () => {
    assert.deepEqual(normalizeSnippet('const f = (x) => g(x);', 'typescript'), ['const', 'ID', '=', 'ID', '=>', 'g', '(', 'ID', ')']);
  });

  it('gives a method outside its class the tokens it has inside', () => {
    const method = 'load(path: string) {\n  return read(path, "utf8");\n}';
    const inClass = parse(`class C {\n${method}\n}`);
    const start = inClass.text.indexOf('load');
    const expected = normalizeRange(inClass, start, start + method.length);
    assert.deepEqual(normalizeSnippet(method, 'typescript'), expected);
  });
});

describe('declarationCore', () => {
  it('drops the binding prefix and trailing semicolon pasted code has and chunks lack', () => {
    assert.deepEqual(declarationCore(normalizeSnippet('export const f = () => 1;', 'typescript')), ['ID', '=', '(', ')', '=>', 'NUM']);
    assert.deepEqual(declarationCore(['const', 'ID', '=', 'NUM', ';']), ['ID', '=', 'NUM']);
    assert.deepEqual(declarationCore(normalizeSnippet('export default function () {}', 'typescript')), ['function', '(', ')', '{', '}']);
    assert.deepEqual(declarationCore(['ID', '(', ')', ';', '}']), ['ID', '(', ')', ';', '}']);
  });
});
