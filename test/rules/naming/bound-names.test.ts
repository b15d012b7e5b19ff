/**
 * @fileoverview naming's renames never propose a reserved word or a name
 * the scope already binds: TypeScript/JavaScript, Python and Go.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { naming } from '../../../rules/naming/index.js';
import type { LanguageId } from '../../../syntax/index.js';
import { check } from '../helpers.js';

/** `name → suggestion` per violation. */
function renames(code: string, language: LanguageId = 'typescript'): string[] {
  return check(naming, code, {}, language).map((v) => `${v.symbol} → ${v.suggestion}`);
}

describe('naming renames avoid reserved words', () => {
  it('TypeScript: a binding is not renamed to a reserved, strict-mode or global name', () => {
    const code = [
      'let Class = 1;',
      'function New() {}',
      'let Function_ = 2;',
      'function f(Static: number, Undefined: number) { return Static + Undefined; }',
      'let Promise_ = 3;',
    ].join('\n');
    assert.deepEqual(renames(code), [
      'Class → classValue',
      'New → newFn',
      'Function_ → functionValue',
      'Static → staticValue',
      'Undefined → undefinedValue',
      'Promise_ → promise',
    ]);
  });

  it('TypeScript: a member may be a reserved word (`obj.delete()`), a type may not be a predefined type name', () => {
    const code = ['class Store {', '  Delete() {}', '}', 'class string_ {}', 'type any_ = number;'].join('\n');
    assert.deepEqual(renames(code), ['Delete → delete', 'string_ → StringType', 'any_ → Any']);
  });

  it('Python: keywords and soft keywords get PEP 8\'s trailing underscore, builtins too; attributes only avoid keywords', () => {
    const code = [
      'def Class(): pass',
      'def load(Type, List=None, Match=None): pass',
      'class none: pass',
      'class Config:',
      '    def Lambda(self): pass',
      '    def Id(self): pass',
    ].join('\n');
    assert.deepEqual(renames(code, 'python'), [
      'Class → class_',
      'Type → type_',
      'List → list_',
      'Match → match_',
      'none → NoneType',
      'Lambda → lambda_',
      'Id → id',
    ]);
  });

  it('Go: a keyword or predeclared name gets the kind\'s word; exported names keep their case', () => {
    const code = ['package a', 'func new_() {}', 'var type_ = 1', 'func len_(Func_ int) {}', 'func New_() {}'].join('\n');
    assert.deepEqual(renames(code, 'go'), ['new_ → newFn', 'type_ → typeValue', 'len_ → lenFn', 'Func_ → funcValue', 'New_ → New']);
  });
});

describe('naming renames avoid names bound in the scope', () => {
  it('TypeScript: a top-level name, a parameter or a local of the same function is not proposed', () => {
    const code = [
      'const getUser = 1;',
      'function Get_User() {}',
      'function load(user_id: string) {',
      '  const userId = user_id.trim();',
      '  return userId;',
      '}',
    ].join('\n');
    assert.deepEqual(renames(code), ['Get_User → getUserFn', 'user_id → userIdValue']);
  });

  it('TypeScript: a name bound in another function is free; one bound in a nested function is not', () => {
    const code = [
      'function a(user_id: string) { return user_id; }',
      'function b() { const userId = 1; return userId; }',
      'function c(item_id: string) { const inner = () => { const itemId = 2; return itemId; }; return inner() + item_id; }',
    ].join('\n');
    assert.deepEqual(renames(code), ['user_id → userId', 'item_id → itemIdValue']);
  });

  it('TypeScript: members collide only with members of the same class; a number follows when the word is taken too', () => {
    const code = [
      'class A { getName() {} Get_Name() {} }',
      'class B { Get_Name() {} }',
      'let value = 1, valueValue = 2, Value_ = 3;',
    ].join('\n');
    assert.deepEqual(renames(code), ['Get_Name → getNameFn', 'Get_Name → getName', 'Value_ → valueValue2']);
  });

  it('TypeScript: the properties of an object type in a method are not the class\'s members', () => {
    const code = ['class Runner {', '  tableName = 1;', '  load() { const rows: { table_name: string }[] = []; return rows; }', '}'].join('\n');
    assert.deepEqual(renames(code), ['table_name → tableName']);
  });

  it('Python: an attribute set on self in a method collides with the class\'s methods and attributes', () => {
    const code = ['class A:', '    limit = 1', '    def __init__(self):', '        self.getName = None', '        self.Limit = 2', '    def get_name(self): pass'].join('\n');
    assert.deepEqual(renames(code, 'python'), ['getName → get_name_', 'Limit → limit_']);
  });

  it('TypeScript: a used parameter losing its underscore does not take a local\'s name', () => {
    const code = 'function f(_items: string[]) { const items = [..._items]; return items; }';
    assert.deepEqual(renames(code), ['_items → itemsValue']);
  });

  it('Python: a parameter is not renamed to a module-level name', () => {
    const code = ['user_id = 1', 'def load(userId): return userId'].join('\n');
    assert.deepEqual(renames(code, 'python'), ['userId → user_id_']);
  });

  it('Go: a local of the same function or a top-level name is not proposed', () => {
    const code = ['package a', 'var maxSize = 1', 'func f(max_size int) int { limit := 2; limit_ := 3; return limit + limit_ + max_size }'].join('\n');
    assert.deepEqual(renames(code, 'go'), ['max_size → maxSizeValue', 'limit_ → limitValue']);
  });
});
