import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  boundName,
  createSourceFile,
  FUNCTION_VALUE_TYPES,
  isFunctionValue,
  isParameterUsed,
  type Declaration,
  type SourceFile,
  type SyntaxNode,
} from '../../syntax/index.js';

type Language = 'typescript' | 'tsx' | 'javascript';

function declarations(text: string, language: Language = 'typescript'): readonly Declaration[] {
  return createSourceFile('x', text, language).declarations;
}

/** `kind name [modifiers]` per declaration, for compact tables. */
function describeAll(text: string, language: Language = 'typescript'): string[] {
  return declarations(text, language).map((d) => `${d.kind} ${d.name}${d.modifiers.size ? ` [${[...d.modifiers].sort().join(',')}]` : ''}`);
}

describe('declarations', () => {
  it('classifies module constants, variables and destructuring', () => {
    assert.deepEqual(describeAll('export const MAX = 1;\nlet count = 0;\nconst { a, b: c } = o;\nfunction f() { const local = 1; }'), [
      'constant MAX [const,exported,moduleScope]',
      'variable count [moduleScope]',
      'variable a [const,destructured,moduleScope]',
      'variable c [const,destructured,moduleScope]',
      'function f',
      'variable local [const]',
    ]);
  });

  it('collects classes with their members and containers', () => {
    const found = declarations('class Box {\n  static readonly #size = 1;\n  constructor(private readonly store: S, plain: number) {}\n  async load() {}\n  get value() { return 1; }\n}');
    assert.deepEqual(
      found.map((d) => `${d.kind} ${d.name} ${d.container ?? '-'} ${[...d.modifiers].sort().join(',')}`),
      [
        'class Box - ',
        'property #size Box private,readonly,static',
        'method constructor Box ',
        'property store - private,readonly',
        'parameter plain - ',
        'method load Box async',
        'method value Box accessor',
      ],
    );
  });

  it('collects interfaces, type aliases, enums and their members', () => {
    assert.deepEqual(describeAll('interface Shape { area: number; grow(by: number): void }\ntype Id = string;\nenum Color { Red, Dark_Blue = 2 }'), [
      'interface Shape',
      'property area',
      'method grow',
      'parameter by',
      'typeAlias Id',
      'enum Color',
      'enumMember Red',
      'enumMember Dark_Blue',
    ]);
  });

  it('marks function-valued bindings and components that render JSX', () => {
    assert.deepEqual(describeAll('export const Button = () => <button />;\nconst handler = function () {};', 'tsx'), [
      'constant Button [const,exported,functionValue,moduleScope,rendersJsx]',
      'constant handler [const,functionValue,moduleScope]',
    ]);
  });

  it('gives 1-based positions of the name and the whole declaration', () => {
    const [fn] = declarations('\n\nexport function load(\n  path: string,\n) {\n  return path;\n}\n');
    assert.equal(fn?.line, 3);
    assert.equal(fn?.column, 17);
    assert.equal(fn?.startLine, 3);
    assert.equal(fn?.endLine, 7);
  });

  it('knows whether a parameter is read', () => {
    const params = declarations('function f(used: number, _unused: number) { return used * 2; }').filter((d) => d.kind === 'parameter');
    assert.deepEqual(params.map((p) => [p.name, isParameterUsed(p)]), [['used', true], ['_unused', false]]);
  });

  it('lists function values and classes bound without a declaration', () => {
    const file = createSourceFile(
      'x.ts',
      'exports.load = function () { return 1; };\nthis.onClick = (e) => e;\nx = (() => 2);\nconst Store = class { get() { return 3; } };\nexport default () => 4;\n',
      'typescript',
    );
    assert.deepEqual(
      file.boundValues.map((b) => [b.kind, b.name, b.node.type]),
      [
        ['assignedFunction', 'load', 'assignment_expression'],
        ['assignedFunction', 'this.onClick', 'assignment_expression'],
        ['anonymousClass', 'Store', 'class'],
        ['defaultExportFunction', 'default', 'arrow_function'],
      ],
    );
  });

  it('are part of the SourceFile and cannot be changed', () => {
    const file = createSourceFile('x.ts', 'function f(a: number) { return a; }', 'typescript');
    assert.deepEqual(file.declarations.map((d) => d.name), ['f', 'a']);
    assert.ok(Object.isFrozen(file.declarations));
  });

  it('walks the tree once, without parent lookups or descendant searches', () => {
    // Nested functions: a per-function JSX search or a parent lookup per node is quadratic here.
    const depth = 60;
    let code = '';
    for (let i = 0; i < depth; i++) code += `function f${i}() {\n  const v${i} = () => {\n`;
    code += 'return <div />;\n';
    for (let i = 0; i < depth; i++) code += '};\n}\n';
    const sample = createSourceFile('x.tsx', 'f();', 'tsx').root;
    let file: SourceFile | undefined;
    const calls = countNodeCalls(sample, ['parent', 'descendantsOfType'], () => (file = createSourceFile('x.tsx', code, 'tsx')));
    assert.deepEqual(calls, { parent: 0, descendantsOfType: 0 });
    const found = file!.declarations;
    assert.equal(found.length, depth * 2);
    assert.ok(found.every((d) => d.modifiers.has('rendersJsx')), 'JSX at the bottom renders in every enclosing function');
  });

  it('marks JSX in nested functions on every enclosing function, and nothing else', () => {
    const code = [
      'function Outer() { const inner = () => <b />; return inner; }',
      'function plain() { const inner = () => 1; return inner; }',
      'class View { render() { return <i />; } helper() { return 1; } Field = () => <p />; other = () => 2; }',
      'const handlers = { Row: () => <tr />, cell() { return <td />; }, count: () => 3 };',
    ].join('\n');
    const jsx = declarations(code, 'tsx').filter((d) => d.modifiers.has('rendersJsx')).map((d) => d.name);
    assert.deepEqual(jsx, ['Outer', 'inner', 'render', 'Field', 'Row', 'cell']);
  });

  it('collects catch and for…of/in bindings as variables', () => {
    const code = [
      'try { run(); } catch (error) { log(error); }',
      'try { run(); } catch ({ message, code: errorCode }) { log(message, errorCode); }',
      'try { run(); } catch { retry(); }',
      'for (const item of items) use(item);',
      'for (let key in table) use(key);',
      'for (var [first, second] of pairs) use(first, second);',
      'for (existing of items) use(existing);',
      'async function f() { for await (const chunk of stream) use(chunk); }',
    ].join('\n');
    assert.deepEqual(describeAll(code), [
      'variable error',
      'variable message [destructured]',
      'variable errorCode [destructured]',
      'variable item [const]',
      'variable key',
      'variable first [destructured]',
      'variable second [destructured]',
      'function f [async]',
      'variable chunk [const]',
    ]);
    const [error] = declarations(code);
    assert.deepEqual([error?.line, error?.column, error?.node.type], [1, 23, 'identifier']);
  });

  it('collects declared functions and overload signatures as functions', () => {
    assert.deepEqual(
      describeAll('declare function ambient(path: string): void;\nexport declare function shared(): void;\nfunction over(a: string): void;\nfunction over(a: unknown) { return a; }'),
      ['function ambient', 'parameter path', 'function shared [exported]', 'function over', 'parameter a', 'function over', 'parameter a'],
    );
  });

  it('sees module constants and exports through `declare`', () => {
    assert.deepEqual(describeAll('export declare const API_KEY: string;\ndeclare let counter: number;\nfunction f() { const local = 1; }'), [
      'constant API_KEY [const,exported,moduleScope]',
      'variable counter [moduleScope]',
      'function f',
      'variable local [const]',
    ]);
  });

  it('marks class fields bound to functions as function values', () => {
    assert.deepEqual(describeAll('class C {\n  handle = () => 2;\n  static make = function () { return new C(); };\n  count = 0;\n  constructor(private readonly onDone = () => 1) {}\n}'), [
      'class C',
      'property handle [functionValue]',
      'property make [functionValue,static]',
      'property count',
      'method constructor',
      'property onDone [functionValue,private,readonly]',
    ]);
  });

  it('collects object-literal keys bound to functions as methods of the object', () => {
    const found = declarations('const o = {\n  k: () => 1,\n  g: function () {},\n  f() {},\n  n: 1,\n  "quoted": () => 2,\n  [computed]: () => 3,\n};');
    assert.deepEqual(
      found.map((d) => `${d.kind} ${d.name} ${d.container ?? '-'} [${[...d.modifiers].sort().join(',')}] ${d.node.type}`),
      [
        'constant o - [const,moduleScope] variable_declarator',
        'method k o [functionValue,objectLiteral] pair',
        'method g o [functionValue,objectLiteral] pair',
        'method f o [objectLiteral] method_definition',
      ],
    );
  });

  it('names an object-literal member by the name its object is bound to, never by an enclosing class', () => {
    const code = [
      'class Service {',
      '  run() {',
      '    const handlers = { onClick() {}, nested: { deep: () => 1 } };',
      '    register({ anonymous() {} });',
      '    exports.api = { load() {} };',
      '    const Local = class { member() {} };',
      '    use(class { unbound() {} });',
      '  }',
      '}',
      'const wrapped = ({ inner() {} }) as const;',
    ].join('\n');
    const containers = declarations(code)
      .filter((d) => d.kind === 'method')
      .map((d) => `${d.name} ${d.container ?? '-'}`);
    assert.deepEqual(containers, ['run Service', 'onClick handlers', 'deep handlers.nested', 'anonymous -', 'load api', 'member Local', 'unbound -', 'inner wrapped']);
  });

  it('knows function values and the names values are bound to', () => {
    assert.deepEqual([...FUNCTION_VALUE_TYPES].sort(), ['arrow_function', 'function', 'function_expression', 'generator_function']);
    const file = createSourceFile('x.js', 'const a = () => 1;\nFoo.prototype.bar = function () {};\nmodule.exports.x = { y: class {} };\nexport default function () {}\nuse(() => 2);', 'javascript');
    // Named nodes only: the `class` keyword is a node of type `class` too.
    const values = file.root.descendantsOfType(['arrow_function', 'function_expression', 'class']).filter((v) => v.isNamed);
    assert.ok(values.every((v) => isFunctionValue(v) === (v.type !== 'class')));
    assert.equal(isFunctionValue(null), false);
    assert.deepEqual(values.map((v) => boundName(v) ?? '-'), ['a', 'Foo.bar', 'x.y', 'default', '-']);
  });
});

/** How often each of `members` of syntax nodes is used while `run` runs. */
function countNodeCalls(sample: SyntaxNode, members: readonly string[], run: () => void): Record<string, number> {
  const counts: Record<string, number> = {};
  const restore: (() => void)[] = [];
  for (const member of members) {
    counts[member] = 0;
    let proto: object | null = Object.getPrototypeOf(sample) as object | null;
    while (proto && !Object.hasOwn(proto, member)) proto = Object.getPrototypeOf(proto) as object | null;
    assert.ok(proto, `syntax nodes have ${member}`);
    const owner = proto;
    const descriptor = Object.getOwnPropertyDescriptor(owner, member)!;
    const counted: PropertyDescriptor = descriptor.get
      ? { ...descriptor, get(this: unknown) { counts[member]!++; return descriptor.get!.call(this); } }
      : { ...descriptor, value(this: unknown, ...args: unknown[]) { counts[member]!++; return (descriptor.value as (...a: unknown[]) => unknown).apply(this, args); } };
    Object.defineProperty(owner, member, counted);
    restore.push(() => Object.defineProperty(owner, member, descriptor));
  }
  try {
    run();
  } finally {
    for (const undo of restore) undo();
  }
  return counts;
}
