import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectDeclarations, createSourceFile, isParameterUsed, type Declaration } from '../../syntax/index.js';

function declarations(text: string, language: 'typescript' | 'tsx' = 'typescript'): Declaration[] {
  return collectDeclarations(createSourceFile('x', text, language));
}

/** `kind name [modifiers]` per declaration, for compact tables. */
function describeAll(text: string, language: 'typescript' | 'tsx' = 'typescript'): string[] {
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
});
