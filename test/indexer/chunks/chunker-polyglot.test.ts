/**
 * @fileoverview Chunks and normalisation of Python and Go: which units are
 * cut and how they are named, and that renamed, reformatted or untyped
 * copies normalise to the same tokens while changed code does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunkFileWithTokens, type TokenizedChunk } from '../../../indexer/chunks/chunker.js';
import { alignableCode } from '../../../src/pipeline/duplicates/alignment.js';
import { normalizeSnippet } from '../../../indexer/chunks/normalize.js';
import { createSourceFile, type LanguageId } from '../../../syntax/index.js';

function chunks(text: string, language: LanguageId): TokenizedChunk[] {
  return chunkFileWithTokens(createSourceFile('x', text, language), `x.${language === 'go' ? 'go' : 'py'}`);
}
const summary = (list: readonly TokenizedChunk[]): string[] => list.map(({ chunk }) => `${chunk.kind} ${chunk.symbol} ${chunk.startLine}-${chunk.endLine}`);
const hashOf = (text: string, language: LanguageId, symbol: string): string =>
  chunks(text, language).find((c) => c.chunk.symbol === symbol)!.chunk.hash;

const PY_LOAD = `
def load_config(path: str, strict: bool = False) -> dict:
    """Reads the config."""
    with open(path, encoding="utf-8") as handle:
        parsed: dict = json.load(handle)  # the whole file
    port = parsed.get("port", 8080)
    if port < 1 or port > 65535:
        raise ValueError(f"invalid port {port} in {path}")
    return {"port": port, "strict": strict}
`;

const PY_COPY = `
def parse_settings(settings_file, exact=False):
    with open(settings_file, encoding='utf-8') as stream:
        data = json.load(stream)
    listen = data.get('port', 9090)
    if listen < 1 or listen > 65535: raise ValueError(f'bad port {listen} in {settings_file}')
    return {'port': listen, 'strict': exact}
`;

const GO_LOAD = `package config

func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err) // wrapped
	}
	var cfg Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	return &cfg, nil
}
`;

const GO_COPY = `package handler

func parseSettings(file string) (*config.Config, error) {
	raw, readErr := os.ReadFile(file)
	if readErr != nil { return nil, fmt.Errorf("cannot read %s: %w", file, readErr) }
	var settings config.Config
	if readErr := json.Unmarshal(raw, &settings); readErr != nil {
		return nil, readErr
	}
	return &settings, nil
}
`;

describe('Python chunks', () => {
  it('cuts functions, classes, methods as Class.method and multi-line lambdas bound to names', () => {
    const text = [
      'class Store:',
      '    def save(self, key, value):',
      '        """Stores it."""',
      '        self.items[key] = value',
      '        self.log.append((key, value, len(self.items)))',
      '        return len(self.items)',
      '',
      'score = lambda item, weights: (',
      '    sum(w * item.get(k, 0) for k, w in weights.items())',
      '    / max(len(weights), 1)',
      ')',
    ].join('\n');
    assert.deepEqual(summary(chunks(text, 'python')), ['class Store 1-6', 'method Store.save 2-6', 'function score 8-11']);
  });

  it('a renamed, reformatted copy without annotations, comments or docstring has the same hash', () => {
    assert.equal(hashOf(PY_COPY, 'python', 'parse_settings'), hashOf(PY_LOAD, 'python', 'load_config'));
  });

  it('changed code or a different call has a different hash', () => {
    const changed = PY_COPY.replace("json.load(stream)", 'yaml.safe_load(stream)');
    assert.notEqual(hashOf(changed, 'python', 'parse_settings'), hashOf(PY_LOAD, 'python', 'load_config'));
    const attribute = PY_COPY.replace("data.get('port'", "data.pop('port'");
    assert.notEqual(hashOf(attribute, 'python', 'parse_settings'), hashOf(PY_LOAD, 'python', 'load_config'));
  });

  it('a method normalises the same from its chunk text (indented) as in its file', () => {
    const text = 'class A:\n    def run(self, jobs):\n        for job in jobs:\n            job.start(self.pool, timeout=5)\n        return len(jobs)\n';
    const method = chunks(text, 'python').find((c) => c.chunk.symbol === 'A.run')!;
    assert.deepEqual(normalizeSnippet(method.chunk.text, 'python'), method.tokens);
  });

  it('literal values ignore quote style and skip docstrings', () => {
    assert.deepEqual(literalValues('def f():\n    """Doc."""\n    return g(\'a\', "b", 3, f"c{x}")\n', 'python'), ['a', 'b', '3', 'c{x}']);
  });
});

/** The literal values the alignment compares, in order. */
function literalValues(text: string, language: 'python' | 'go'): string[] {
  const code = alignableCode(text, language);
  return code.texts.filter((_, i) => ['STR', 'NUM', 'RE'].includes(code.tokens[i]!));
}

describe('Go chunks', () => {
  it('cuts functions, methods as Type.Method and struct types', () => {
    const text = [
      'package a',
      'type Store struct {',
      '\titems map[string]int',
      '\tlog   []string',
      '\tlimit int',
      '\towner string',
      '\tcreated time.Time',
      '\tupdated time.Time',
      '}',
      'func (s *Store) Save(key string, value int) int {',
      '\ts.items[key] = value',
      '\ts.log = append(s.log, key)',
      '\treturn len(s.items)',
      '}',
    ].join('\n');
    assert.deepEqual(summary(chunks(text, 'go')), ['class Store 2-9', 'method Store.Save 10-14']);
  });

  it('a renamed, reformatted copy in another package has the same hash', () => {
    assert.equal(hashOf(GO_COPY, 'go', 'parseSettings'), hashOf(GO_LOAD, 'go', 'LoadConfig'));
  });

  it('a copy that touches another field or package function has a different hash', () => {
    const changed = GO_COPY.replace('os.ReadFile', 'ioutil.ReadFile');
    assert.notEqual(hashOf(changed, 'go', 'parseSettings'), hashOf(GO_LOAD, 'go', 'LoadConfig'));
  });

  it('a method normalises the same from its chunk text as in its file', () => {
    const text = 'package a\nfunc (s *Store) Save(key string, value int) int {\n\ts.items[key] = value\n\treturn len(s.items) + s.limit\n}\n';
    const method = chunks(text, 'go')[0]!;
    assert.deepEqual(normalizeSnippet(method.chunk.text, 'go'), method.tokens);
  });

  it('literal values ignore quotes, raw strings included', () => {
    assert.deepEqual(literalValues('package a\nvar x = f("a", `b`, 3, \'c\')\n', 'go'), ['a', 'b', '3', 'c']);
  });
});
