import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { closestName } from '../../../src/pipeline/config/errors.js';
import { loadConfig } from '../../../src/pipeline/config/load.js';
import { ConfigError } from '../../../src/pipeline/errors.js';
import { runRules } from '../../../rules/engine.js';
import { createSourceFile } from '../../../syntax/index.js';

describe('config loader', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'rg-config-'));
  });
  after(() => rm(root, { recursive: true, force: true }));
  beforeEach(async () => {
    await rm(join(root, 'review-guard.config.json'), { force: true });
    await rm(join(root, 'package.json'), { force: true });
  });

  const write = (json: unknown, name = 'review-guard.config.json') =>
    writeFile(join(root, name), typeof json === 'string' ? json : JSON.stringify(json));

  it('uses every default without a file', async () => {
    const loaded = await loadConfig(root);
    assert.equal(loaded.config.model.model, 'qwen3-coder:30b');
    assert.equal(loaded.config.model.maxTurns, 6);
    assert.equal(loaded.config.model.maxToolCalls, 12);
    assert.equal(loaded.config.model.retries, 2);
    assert.equal(loaded.config.model.allowRemoteHost, false, 'the code stays on this machine unless the config says so');
    assert.equal(loaded.source, undefined);
    assert.equal(loaded.origin, 'defaults');
    assert.deepEqual(loaded.notes, []);
  });

  it('accepts naming\'s pasted conventions and ignore patterns, and shows the patterns as written', async () => {
    const conventions = [{ selector: 'variable', format: ['UPPER_CASE'] }];
    await write({ rules: { naming: ['warning', { conventions, ignore: ['^legacy'] }], 'max-lines': { options: { max: 100 } } } });
    const loaded = await loadConfig(root);
    // The engine gets the options as written and parses them once.
    assert.deepEqual(loaded.ruleSettings['naming'], { severity: 'warning', options: { conventions, ignore: ['^legacy'] } });
    const file = createSourceFile('a.ts', 'const legacyThing = 1;\nconst other = 2;\n', 'typescript');
    const named = runRules(file, loaded.ruleSettings).filter((r) => r.ruleId === 'naming');
    assert.deepEqual(named.map((r) => r.symbol), ['other']);
    // The config as the MCP config resource serves it: patterns stay strings (a RegExp would serialise as {}).
    assert.ok(JSON.stringify(loaded.config.rules).includes('"ignore":["^legacy"]'), JSON.stringify(loaded.config.rules));
  });

  it('accepts linter-style rule settings and a $schema reference', async () => {
    await write({
      $schema: './node_modules/review-guard/review-guard.schema.json',
      rules: { 'max-lines': ['error', { max: 100 }], naming: 'off', duplicate: { severity: 'warning' }, review: ['info'] },
    });
    const loaded = await loadConfig(root);
    assert.deepEqual(loaded.ruleSettings['max-lines'], { severity: 'error', options: { max: 100 } }, 'options as written; the engine fills in defaults');
    assert.equal(loaded.ruleSettings['naming']?.severity, 'off');
    assert.equal(loaded.ruleSettings['duplicate']?.severity, 'warning');
    assert.equal(loaded.ruleSettings['review']?.severity, 'info');
    assert.equal(loaded.origin, 'config-file');
    assert.equal(loaded.source, join(root, 'review-guard.config.json'));
  });

  it('reads "reviewGuard" from package.json when there is no config file', async () => {
    await write({ name: 'app', reviewGuard: { model: { enabled: false }, rules: { naming: 'error' } } }, 'package.json');
    const loaded = await loadConfig(root);
    assert.equal(loaded.origin, 'package-json');
    assert.equal(loaded.source, join(root, 'package.json'));
    assert.equal(loaded.config.model.enabled, false);
    assert.equal(loaded.ruleSettings['naming']?.severity, 'error');
  });

  it('prefers the config file over package.json and says so', async () => {
    await write({ reviewGuard: { model: { enabled: false } } }, 'package.json');
    await write({ model: { maxTurns: 3 } });
    const loaded = await loadConfig(root);
    assert.equal(loaded.origin, 'config-file');
    assert.equal(loaded.config.model.enabled, true, 'the package.json settings are not merged in');
    assert.equal(loaded.config.model.maxTurns, 3);
    assert.equal(loaded.notes.length, 1);
    assert.match(loaded.notes[0]!, /both review-guard\.config\.json and package\.json "reviewGuard" hold settings; review-guard\.config\.json is used/);
  });

  it('ignores a package.json without the key, and notes one it cannot parse', async () => {
    await write({ name: 'app' }, 'package.json');
    assert.equal((await loadConfig(root)).origin, 'defaults');
    await write('{ "name": ', 'package.json');
    const loaded = await loadConfig(root);
    assert.equal(loaded.origin, 'defaults');
    assert.match(loaded.notes[0] ?? '', /package\.json is not valid JSON/);
  });

  it('names package.json in errors about its settings', async () => {
    await write({ reviewGuard: { model: { maxTurns: 99 } } }, 'package.json');
    await assert.rejects(loadConfig(root), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.message, 'package.json "reviewGuard": "model.maxTurns" is 99; expected an integer from 1 to 20');
      assert.equal(error.key, 'model.maxTurns');
      return true;
    });
  });

  const broken: Array<[string, unknown, RegExp, string | undefined]> = [
    ['invalid JSON', '{ "rules": ', /not valid JSON/, undefined],
    ['an unknown key', { modle: {} }, /unknown key "modle" \(did you mean "model"\? allowed: \$schema, rules, maxFileBytes, maxFindingsPerFile, index, model, mcp, hook, daemon\)/, 'modle'],
    ['a nested unknown key', { model: { turns: 3 } }, /unknown key "model\.turns" \(did you mean "model\.maxTurns"\? allowed in "model": enabled, host/, 'model.turns'],
    ['a number out of range', { model: { maxTurns: 0 } }, /"model\.maxTurns" is 0; expected an integer from 1 to 20$/, 'model.maxTurns'],
    ['a value of the wrong type', { index: { enabled: 'yes' } }, /"index\.enabled" is "yes"; expected true or false$/, 'index.enabled'],
    ['a missing required key', { index: { semantic: { provider: 'ollama' } } }, /"index\.semantic\.model" is missing; expected a non-empty string$/, 'index.semantic.model'],
    ['a bad discriminator', { index: { semantic: { provider: 'onnx', model: 'm' } } }, /"index\.semantic\.provider" is "onnx"; expected "transformers" or "ollama"$/, 'index.semantic.provider'],
    ['an unknown rule', { rules: { 'max-line': 'error' } }, /unknown key "rules\.max-line" \(did you mean "rules\.max-lines"\? allowed in "rules": duplicate, max-function-lines, max-lines, naming, near-duplicate-names, responsibility, review\)/, 'rules.max-line'],
    ['a bad model host', { model: { host: 'ftp://127.0.0.1' } }, /"model\.host" is "ftp:\/\/127\.0\.0\.1"; expected an Ollama address/, 'model.host'],
    ['a bad rule level', { rules: { naming: 'loud' } }, /"rules\.naming" is "loud"; expected "off", "error", "warning" or "info", \[level, options\] or \{"severity", "options"\}$/, 'rules.naming'],
    ['a bad level in a rule tuple', { rules: { naming: ['loud'] } }, /"rules\.naming\[0\]" is "loud"; expected "off", "error", "warning" or "info"$/, 'rules.naming[0]'],
    ['bad rule options', { rules: { 'max-lines': ['error', { max: 'many' }] } }, /"rules\.max-lines\[1\]\.max" is "many"; expected an integer ≥ 1$/, 'rules.max-lines[1].max'],
    ['an unknown rule option', { rules: { 'max-lines': { options: { mx: 3 } } } }, /unknown key "rules\.max-lines\.options\.mx" \(did you mean "rules\.max-lines\.options\.max"\? allowed in "rules\.max-lines\.options": max, skipImports, skipTypeDeclarations\)/, 'rules.max-lines.options.mx'],
    ['a bad nested rule option', { rules: { naming: ['error', { function: { formats: ['bogus'] } }] } }, /"rules\.naming\[1\]\.function\.formats\[0\]" is "bogus"; expected "camelCase", /, 'rules.naming[1].function.formats[0]'],
    ['a rule tuple too long', { rules: { 'max-lines': ['error', { max: 3 }, 4] } }, /"rules\.max-lines" is \["error",\{"max":3\},4\]; expected "off", /, 'rules.max-lines'],
    ['a non-boolean allowRemoteHost', { model: { allowRemoteHost: 'yes' } }, /"model\.allowRemoteHost" is "yes"; expected true or false$/, 'model.allowRemoteHost'],
    ['too many retries', { model: { retries: 9 } }, /"model\.retries" is 9; expected an integer from 0 to 5$/, 'model.retries'],
    ['a zero tool budget', { model: { maxToolCalls: 0 } }, /"model\.maxToolCalls" is 0; expected an integer from 1 to 50$/, 'model.maxToolCalls'],
  ];
  for (const [name, json, message, key] of broken) {
    it(`names the key, the value and what is allowed for ${name}`, async () => {
      await write(json);
      await assert.rejects(loadConfig(root), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^review-guard\.config\.json: /);
        assert.match(error.message, message);
        if (key) assert.equal(error.key, key);
        return true;
      });
    });
  }

  it('lists every problem when there are several, keyed by the first', async () => {
    await write({ index: { enabled: 'yes', minLines: 0 }, maxFileBytes: 10 });
    await assert.rejects(loadConfig(root), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(
        error.message,
        [
          'review-guard.config.json: 3 problems:',
          '  - "maxFileBytes" is 10; expected an integer ≥ 1024',
          '  - "index.enabled" is "yes"; expected true or false',
          '  - "index.minLines" is 0; expected an integer ≥ 1',
        ].join('\n'),
      );
      assert.equal(error.key, 'maxFileBytes');
      return true;
    });
  });
});

describe('closestName', () => {
  const keys = ['enabled', 'host', 'model', 'maxTurns', 'timeoutMs'];
  it('finds swapped letters, a missing letter and a part of the name', () => {
    assert.equal(closestName('modle', keys), 'model');
    assert.equal(closestName('hst', keys), 'host');
    assert.equal(closestName('turns', keys), 'maxTurns');
    assert.equal(closestName('TimeoutMS', keys), 'timeoutMs');
  });
  it('suggests nothing for an unrelated word', () => {
    assert.equal(closestName('colour', keys), undefined);
    assert.equal(closestName('x', keys), undefined);
  });
});
