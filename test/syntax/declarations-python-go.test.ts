import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSourceFile, type Declaration, type LanguageId } from '../../syntax/index.js';

/** `kind name [container] {modifiers}` per declaration. */
function declared(text: string, language: LanguageId): string[] {
  const file = createSourceFile('x', text, language);
  return file.declarations.map((d: Declaration) => {
    const mods = [...d.modifiers].sort().join(',');
    return `${d.kind} ${d.container ? `${d.container}.` : ''}${d.name}${mods ? ` {${mods}}` : ''}`;
  });
}

describe('Python declarations', () => {
  it('functions, classes, methods (decorated too), parameters and class attributes', () => {
    const text = [
      'class Loader(Base):',
      '    retries: int = 3',
      '    @staticmethod',
      '    async def load(path, *args, mode="r", **kw):',
      '        return path',
      '',
      'def _helper(x: int) -> int:',
      '    return x',
    ].join('\n');
    assert.deepEqual(declared(text, 'python'), [
      'class Loader {moduleScope}',
      'property Loader.retries',
      'method Loader.load {async}',
      'parameter path',
      'parameter args',
      'parameter mode',
      'parameter kw',
      'function _helper {moduleScope,private}',
      'parameter x',
    ]);
  });

  it('module-level names are constants; a name assigned twice in one scope is declared once', () => {
    const text = 'MAX = 1\nMAX = 2\ndef f():\n    total = 0\n    for i, item in enumerate(xs):\n        total = total + i\n    a, b = 1, 2\n    obj.attr = 3\n';
    assert.deepEqual(declared(text, 'python'), [
      'constant MAX {moduleScope}',
      'function f {moduleScope}',
      'variable total',
      'variable i',
      'variable item',
      'variable a {destructured}',
      'variable b {destructured}',
    ]);
  });

  it('with/except targets are variables; self attributes are properties of the class, declared once', () => {
    const text = [
      'class Cache:',
      '    def __init__(self):',
      '        self.hitCount = 0',
      '        other.size = 1',
      '    def hit(self):',
      '        self.hitCount += 1',
      '        self.hitCount = self.hitCount',
      '        with open(p) as handle:',
      '            pass',
      '        try:',
      '            pass',
      '        except OSError as error:',
      '            pass',
    ].join('\n');
    assert.deepEqual(declared(text, 'python'), [
      'class Cache {moduleScope}',
      'method Cache.__init__ {private}',
      'parameter self',
      'property Cache.hitCount',
      'method Cache.hit',
      'parameter self',
      'variable Cache.handle',
      'variable Cache.error',
    ]);
  });

  it('a lambda bound to a name is a function value', () => {
    assert.deepEqual(declared('handler = lambda event: event\n', 'python'), ['constant handler {functionValue,moduleScope}', 'parameter event']);
  });
});

describe('Go declarations', () => {
  it('functions, methods owned by their receiver type, types, fields and interface methods; exported by case', () => {
    const text = [
      'package a',
      'type Config struct {',
      '\tPath, Name string',
      '\tretries int',
      '}',
      'type Loader interface { Load(path string) error }',
      'type Celsius float64',
      'func (c *Config) Validate() error { return nil }',
      'func load(p string) {}',
    ].join('\n');
    assert.deepEqual(declared(text, 'go'), [
      'class Config {exported}',
      'property Config.Path {exported}',
      'property Config.Name {exported}',
      'property Config.retries',
      'interface Loader {exported}',
      'method Loader.Load {exported}',
      'parameter path',
      'typeAlias Celsius {exported}',
      'method Config.Validate {exported}',
      'parameter c',
      'function load',
      'parameter p',
    ]);
  });

  it('const, var and := names, with := redeclarations declared once per function', () => {
    const text = [
      'package a',
      'const MaxSize, minSize = 10, 1',
      'var handler = func(name string) string { return name }',
      'func f() {',
      '\tdata, err := read()',
      '\tmore, err := read()',
      '\tfor k, v := range data { _ = k; _ = v }',
      '\t_ = more',
      '}',
    ].join('\n');
    assert.deepEqual(declared(text, 'go'), [
      'constant MaxSize {const,exported,moduleScope}',
      'constant minSize {const,moduleScope}',
      'variable handler {functionValue,moduleScope}',
      'parameter name',
      'function f',
      'variable data',
      'variable err',
      'variable more',
      'variable k',
      'variable v',
    ]);
  });
});
