/**
 * @fileoverview naming: valid and invalid names per declaration kind, React
 * components, underscores, skipped names, option overrides and renames.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LanguageId } from '../../syntax/index.js';
import { naming } from '../../rules/naming/index.js';
import { check } from './helpers.js';

/** The fields a test states; the rest of the violation is derived from them. */
interface Expected {
  readonly id: 'format' | 'leadingUnderscore' | 'usedUnderscore';
  readonly kind: string;
  readonly name: string;
  readonly formats: string;
  readonly suggestion: string;
  readonly line: number;
  readonly column: number;
}

interface Case {
  readonly title: string;
  readonly code: string;
  readonly language?: LanguageId;
  readonly options?: unknown;
  readonly expected: readonly Expected[];
}

function violation({ id, kind, name, formats, suggestion, line, column }: Expected) {
  return { messageId: id, data: { name, kind, formats, suggestion, column }, line, symbol: name, suggestion };
}

const CAMEL = 'camelCase';
const FUNCTION = 'camelCase';
const COMPONENT = 'camelCase or PascalCase';
const PASCAL = 'PascalCase';

const VALID: readonly Case[] = [
  { title: 'functions: camelCase, acronyms', code: 'function getUser() {}\nfunction parseURL() {}', expected: [] },
  { title: 'local variables: camelCase', code: 'function f() {\n  let count = 0;\n  const maxItems = 1;\n  return count + maxItems;\n}', expected: [] },
  { title: 'module constants: UPPER_CASE, camelCase, PascalCase', code: 'const MAX_RETRIES = 3;\nexport const maxRetries = 3;\nconst Defaults = {};', expected: [] },
  { title: 'parameters: camelCase', code: 'function f(userId: string, count = 1, ...rest: number[]) { return [userId, count, rest]; }', expected: [] },
  { title: 'an unused parameter may start with an underscore', code: 'function onClick(_event: Event) { return 1; }', expected: [] },
  { title: '`_` and `__` are placeholders', code: '[1].map((_, i) => i);\n[1].map((__) => 0);', expected: [] },
  {
    title: 'types: PascalCase; enum members PascalCase or UPPER_CASE',
    code: 'class UserService {}\ninterface UserProps {}\ntype UserId = string;\nenum Color { Red, DARK_BLUE = 2 }',
    expected: [],
  },
  {
    title: 'members: camelCase; private ones may start with an underscore',
    code: 'class A {\n  name = "";\n  private _cache = 1;\n  #secret = 2;\n  #_hidden = 3;\n  getName() { return this.name; }\n  private _reset() {}\n}',
    expected: [],
  },
  {
    title: 'React components in .tsx: PascalCase functions and variables',
    code: 'function App() { return <div />; }\nexport function Page() {\n  const Header = () => <h1 />;\n  return <Header />;\n}',
    language: 'tsx',
    expected: [],
  },
  {
    title: 'destructured names are skipped',
    code: 'const { user_id, first_name: given_name } = data;\nfunction f({ page_size }: Query, [Row_A]: Row[]) { return page_size; }',
    expected: [],
  },
  { title: 'object-literal members are skipped', code: 'export const api = { get_user() {}, Post_Item() {} };', expected: [] },
  { title: 'the ESM __dirname idiom is ignored by default', code: 'const __dirname = dirname(fileURLToPath(import.meta.url));', expected: [] },
];

const INVALID: readonly Case[] = [
  {
    title: 'a PascalCase function that renders no JSX is not a component',
    code: 'function BuildUser() { return {}; }',
    expected: [{ id: 'format', kind: 'function', name: 'BuildUser', formats: FUNCTION, suggestion: 'buildUser', line: 1, column: 10 }],
  },
  {
    title: 'function',
    code: 'function Get_User() {}\nfunction get_user_name() {}\nexport function Parse_URL() {}',
    expected: [
      { id: 'format', kind: 'function', name: 'Get_User', formats: FUNCTION, suggestion: 'getUser', line: 1, column: 10 },
      { id: 'format', kind: 'function', name: 'get_user_name', formats: FUNCTION, suggestion: 'getUserName', line: 2, column: 10 },
      { id: 'format', kind: 'function', name: 'Parse_URL', formats: FUNCTION, suggestion: 'parseURL', line: 3, column: 17 },
    ],
  },
  {
    title: 'local variable',
    code: 'function f() {\n  let user_count = 0;\n  const Total = 1;\n  return user_count + Total;\n}',
    expected: [
      { id: 'format', kind: 'variable', name: 'user_count', formats: CAMEL, suggestion: 'userCount', line: 2, column: 7 },
      { id: 'format', kind: 'variable', name: 'Total', formats: CAMEL, suggestion: 'total', line: 3, column: 9 },
    ],
  },
  {
    title: 'module constant: renamed UPPER_CASE, or camelCase when it holds a function',
    code: 'const max_retries = 3;\nexport const fetch_user = async () => {};',
    expected: [
      { id: 'format', kind: 'constant', name: 'max_retries', formats: 'UPPER_CASE, camelCase or PascalCase', suggestion: 'MAX_RETRIES', line: 1, column: 7 },
      { id: 'format', kind: 'constant', name: 'fetch_user', formats: 'UPPER_CASE, camelCase or PascalCase', suggestion: 'fetchUser', line: 2, column: 14 },
    ],
  },
  {
    title: 'parameter, and a used parameter with an underscore',
    code: 'function f(user_id: string) { return user_id; }\nfunction g(_id: string) { return _id; }',
    expected: [
      { id: 'format', kind: 'parameter', name: 'user_id', formats: CAMEL, suggestion: 'userId', line: 1, column: 12 },
      { id: 'usedUnderscore', kind: 'parameter', name: '_id', formats: CAMEL, suggestion: 'id', line: 2, column: 12 },
    ],
  },
  {
    title: 'only one leading underscore, even on an unused parameter',
    code: 'function f(__x: number) {}',
    expected: [{ id: 'leadingUnderscore', kind: 'parameter', name: '__x', formats: CAMEL, suggestion: '_x', line: 1, column: 12 }],
  },
  {
    title: 'class, interface, type alias, enum, enum member',
    code: 'class my_class {}\ninterface user_props {}\ntype user_id = string;\nenum color { light_green }',
    expected: [
      { id: 'format', kind: 'class', name: 'my_class', formats: PASCAL, suggestion: 'MyClass', line: 1, column: 7 },
      { id: 'format', kind: 'interface', name: 'user_props', formats: PASCAL, suggestion: 'UserProps', line: 2, column: 11 },
      { id: 'format', kind: 'type alias', name: 'user_id', formats: PASCAL, suggestion: 'UserId', line: 3, column: 6 },
      { id: 'format', kind: 'enum', name: 'color', formats: PASCAL, suggestion: 'Color', line: 4, column: 6 },
      { id: 'format', kind: 'enum member', name: 'light_green', formats: 'PascalCase or UPPER_CASE', suggestion: 'LightGreen', line: 4, column: 14 },
    ],
  },
  {
    title: 'method, property, and an underscore on a public member',
    code: 'class A {\n  user_name = "";\n  _cache = 1;\n  Get_Name() { return this.user_name; }\n}',
    expected: [
      { id: 'format', kind: 'property', name: 'user_name', formats: CAMEL, suggestion: 'userName', line: 2, column: 3 },
      { id: 'leadingUnderscore', kind: 'property', name: '_cache', formats: CAMEL, suggestion: 'cache', line: 3, column: 3 },
      { id: 'format', kind: 'method', name: 'Get_Name', formats: CAMEL, suggestion: 'getName', line: 4, column: 3 },
    ],
  },
  {
    title: 'private #fields are judged after the #',
    code: 'class A {\n  #Secret_Key = 1;\n}',
    expected: [{ id: 'format', kind: 'property', name: '#Secret_Key', formats: CAMEL, suggestion: '#secretKey', line: 2, column: 3 }],
  },
  {
    title: 'interface members',
    code: 'interface Api {\n  user_id: string;\n  Fetch_All(page_no: number): void;\n}',
    expected: [
      { id: 'format', kind: 'property', name: 'user_id', formats: CAMEL, suggestion: 'userId', line: 2, column: 3 },
      { id: 'format', kind: 'method', name: 'Fetch_All', formats: CAMEL, suggestion: 'fetchAll', line: 3, column: 3 },
      { id: 'format', kind: 'parameter', name: 'page_no', formats: CAMEL, suggestion: 'pageNo', line: 3, column: 13 },
    ],
  },
  {
    title: 'React components are renamed to PascalCase',
    code: 'function my_app() { return <div />; }\nfunction f() {\n  const my_button = () => <button />;\n  return my_button;\n}',
    language: 'tsx',
    expected: [
      { id: 'format', kind: 'function', name: 'my_app', formats: COMPONENT, suggestion: 'MyApp', line: 1, column: 10 },
      { id: 'format', kind: 'variable', name: 'my_button', formats: COMPONENT, suggestion: 'MyButton', line: 3, column: 9 },
    ],
  },
];

const OPTIONS: readonly Case[] = [
  {
    title: 'checkDestructured checks destructured names',
    code: 'const { user_id } = data;',
    options: { checkDestructured: true },
    expected: [{ id: 'format', kind: 'variable', name: 'user_id', formats: CAMEL, suggestion: 'userId', line: 1, column: 9 }],
  },
  {
    title: 'checkObjectLiteralMembers checks object-literal methods',
    code: 'const api = { get_user() {} };',
    options: { checkObjectLiteralMembers: true },
    expected: [{ id: 'format', kind: 'method', name: 'get_user', formats: CAMEL, suggestion: 'getUser', line: 1, column: 15 }],
  },
  {
    title: 'ignore replaces the default patterns',
    code: 'function legacy_fn() {}\nconst __dirname = ".";',
    options: { ignore: ['^legacy_'] },
    expected: [{ id: 'leadingUnderscore', kind: 'constant', name: '__dirname', formats: 'UPPER_CASE, camelCase or PascalCase', suggestion: 'dirname', line: 2, column: 7 }],
  },
  {
    title: 'a kind override replaces only the fields it names',
    code: 'function parseURL(_unused: number) {}',
    options: { function: { formats: ['strictCamelCase'] } },
    expected: [{ id: 'format', kind: 'function', name: 'parseURL', formats: 'strictCamelCase', suggestion: 'parseUrl', line: 1, column: 10 }],
  },
  {
    title: 'leadingUnderscore: forbid',
    code: 'function f(_unused: number) {}',
    options: { parameter: { leadingUnderscore: 'forbid' } },
    expected: [{ id: 'leadingUnderscore', kind: 'parameter', name: '_unused', formats: CAMEL, suggestion: 'unused', line: 1, column: 12 }],
  },
  { title: 'extra formats for a kind', code: 'class A {\n  static MAX_SIZE = 1;\n}', options: { property: { formats: ['camelCase', 'UPPER_CASE'] } }, expected: [] },
];

describe('naming', () => {
  for (const [group, cases] of [['valid', VALID], ['invalid', INVALID], ['options', OPTIONS]] as const) {
    describe(group, () => {
      for (const { title, code, language, options, expected } of cases) {
        it(title, () => assert.deepEqual(check(naming, code, options, language), expected.map(violation)));
      }
    });
  }
});
