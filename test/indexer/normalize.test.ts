import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { declarationCore, normalizeFile, normalizeRange, normalizeSnippet } from '../../indexer/normalize.js';
import { parse } from './support.js';

const stream = (code: string, path?: string): string => normalizeFile(parse(code, path)).join(' ');

describe('normalizeRange / normalizeFile', () => {
  it('turns every flavour of identifier into ID', () => {
    assert.equal(
      stream('class A { #p = 1; m<T>(x: T) { return this.#p + x.y; } }'),
      'class ID { ID = NUM ; ID < ID > ( ID : ID ) { return this . ID + ID . ID ; } }',
    );
    assert.equal(stream('const { a, b: c } = o; ({ a });'), 'const { ID , ID : ID } = ID ; ( { ID } ) ;');
    assert.equal(stream('outer: for (;;) break outer;'), 'ID : for ( ; ; ) break ID ;');
  });

  it('erases string content and quote style, keeping template structure', () => {
    assert.equal(stream(`f('one', "two\\n", '');`), stream(`f("x", 'y', "");`));
    assert.equal(stream(`f('one', "two\\n", '');`), 'ID ( " STR " , " STR " , " " ) ;');
    assert.equal(stream('t = `a${b}c\\n`;'), 'ID = ` STR ${ ID } STR ` ;');
  });

  it('maps numbers to NUM and a whole regex literal to RE, leaving division alone', () => {
    assert.equal(stream('x = /a\\/b+/gi.test(s) ? 1.5 : 0x1f;'), 'ID = RE . ID ( ID ) ? NUM : NUM ;');
    assert.equal(stream('x = a / b / 2;'), 'ID = ID / ID / NUM ;');
  });

  it('drops comments and keeps keywords and punctuation', () => {
    assert.equal(stream('// lead\nasync function f() { /* in */ await g(); } // tail'), 'async function ID ( ) { await ID ( ) ; }');
  });

  it('reads JSX text as STR and skips layout whitespace between tags', () => {
    assert.equal(stream('const e = <p className="a">\n  hi &amp; {x}\n</p>;', 'a.tsx'), 'const ID = < ID ID = " STR " > STR { ID } </ ID > ;');
  });

  it('covers only tokens starting inside the range', () => {
    const file = parse('const a = 1;\nconst b = "s";\n');
    const start = file.text.indexOf('const b');
    assert.deepEqual(normalizeRange(file, start, file.text.length), ['const', 'ID', '=', '"', 'STR', '"', ';']);
    assert.deepEqual(normalizeRange(file, 0, start), ['const', 'ID', '=', 'NUM', ';']);
  });
});

describe('normalizeSnippet', () => {
  it('normalises incomplete code without throwing', () => {
    const tokens = normalizeSnippet('function f(a) { if (a > 1) { return g(', 'javascript');
    assert.deepEqual(tokens.slice(0, 5), ['function', 'ID', '(', 'ID', ')']);
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
    assert.deepEqual(declarationCore(normalizeSnippet('export default function () {}', 'typescript')), ['function', '(', ')', '{', '}']);
    assert.deepEqual(declarationCore(['ID', '(', ')', ';', '}']), ['ID', '(', ')', ';', '}']);
  });
});
