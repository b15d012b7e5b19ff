import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/pipeline/config.js';
import { ConfigError } from '../../src/pipeline/errors.js';

describe('config loader', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'rg-config-'));
  });
  after(() => rm(root, { recursive: true, force: true }));

  const write = (json: unknown) =>
    writeFile(join(root, 'review-guard.config.json'), typeof json === 'string' ? json : JSON.stringify(json));

  it('uses every default without a file', async () => {
    const loaded = await loadConfig(await mkdtemp(join(tmpdir(), 'rg-empty-')));
    assert.equal(loaded.config.model.model, 'qwen3-coder:30b');
    assert.equal(loaded.config.model.maxTurns, 6);
    assert.equal(loaded.config.model.maxToolCalls, 12);
    assert.equal(loaded.config.model.retries, 2);
    assert.equal(loaded.config.model.allowRemoteHost, false, 'the code stays on this machine unless the config says so');
    assert.equal(loaded.source, undefined);
  });

  it('accepts linter-style rule settings', async () => {
    await write({ rules: { 'max-lines': ['error', { max: 100 }], naming: 'off' } });
    const loaded = await loadConfig(root);
    assert.deepEqual(loaded.ruleSettings['max-lines'], { severity: 'error', options: { max: 100 } });
    assert.equal(loaded.ruleSettings['naming']?.severity, 'off');
  });

  const broken: Array<[string, unknown, RegExp, string | undefined]> = [
    ['invalid JSON', '{ "rules": ', /not valid JSON/, undefined],
    ['an unknown key', { modle: {} }, /unknown key "modle"/, 'modle'],
    ['a nested unknown key', { model: { turns: 3 } }, /unknown key "model\.turns"/, 'model.turns'],
    ['a bad value', { model: { maxTurns: 0 } }, /"model\.maxTurns"/, 'model.maxTurns'],
    ['an unknown rule', { rules: { 'max-line': 'error' } }, /rules\.max-line: unknown rule \(known rules: .*max-lines/, 'rules.max-line'],
    ['a bad model host', { model: { host: 'ftp://127.0.0.1' } }, /"model\.host": expected an Ollama address/, 'model.host'],
    ['a non-boolean allowRemoteHost', { model: { allowRemoteHost: 'yes' } }, /"model\.allowRemoteHost"/, 'model.allowRemoteHost'],
    ['too many retries', { model: { retries: 9 } }, /"model\.retries"/, 'model.retries'],
    ['a zero tool budget', { model: { maxToolCalls: 0 } }, /"model\.maxToolCalls"/, 'model.maxToolCalls'],
    ['a bad rule level', { rules: { naming: 'loud' } }, /"rules\.naming"/, 'rules.naming'],
    ['bad rule options', { rules: { 'max-lines': ['error', { max: 'many' }] } }, /rules\.max-lines\.max: /, 'rules.max-lines.max'],
  ];
  for (const [name, json, message, key] of broken) {
    it(`names the problem for ${name}`, async () => {
      await write(json);
      await assert.rejects(loadConfig(root), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, message);
        if (key) assert.equal(error.key, key);
        return true;
      });
    });
  }
});
