/**
 * The generated configuration artifacts stay in step with the zod schema:
 * review-guard.schema.json, the option table of docs/configuration.md, and the descriptions
 * they are made of.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { describeAllowed, schemaAt } from '../../../src/pipeline/config/json-schema.js';
import { ConfigSchema } from '../../../src/pipeline/config/schema.js';
import { optionRows, OPTIONS_DOC_PATH, SCHEMA_PATH, schemaFileText, withOptionTable } from '../../support/config-docs.js';
import { SAMPLE_REPO } from '../../support/sample-repo.js';

describe('config JSON Schema', () => {
  it('is committed as review-guard.schema.json and current (else run npm run schema)', async () => {
    assert.equal(await readFile(SCHEMA_PATH, 'utf8'), schemaFileText(), 'review-guard.schema.json is stale: run npm run schema');
  });

  it('docs/configuration.md holds the generated option table (else run npm run schema)', async () => {
    const doc = await readFile(OPTIONS_DOC_PATH, 'utf8');
    assert.equal(doc, withOptionTable(doc), 'the option table in docs/configuration.md is stale: run npm run schema');
  });

  it('documents every key: each option row has a description, and docs/configuration.md names every key', async () => {
    const doc = await readFile(OPTIONS_DOC_PATH, 'utf8');
    const rows = optionRows();
    assert.ok(rows.length >= 25, `only ${rows.length} options found`);
    for (const row of rows) {
      assert.ok(row.description.length > 10, `${row.key} has no description: add .describe() in config-schema.ts`);
      assert.ok(doc.includes(`\`${row.key}\``), `docs/configuration.md does not mention ${row.key}`);
    }
  });

  it('describes defaults and the values each key allows', () => {
    const byKey = new Map(optionRows().map((r) => [r.key, r]));
    assert.equal(byKey.get('model.timeoutMs')?.defaultText, '`45000`');
    assert.equal(byKey.get('index.semantic.model')?.defaultText, 'required');
    assert.equal(byKey.get('rules.naming')?.defaultText, '`"warning"`', "a rule's default is its catalog severity");
    assert.equal(describeAllowed(schemaAt(['model', 'timeoutMs'])), 'an integer from 1000 to 600000');
    assert.equal(describeAllowed(schemaAt(['index', 'semantic', 'provider'])), '"transformers" or "ollama"');
    assert.equal(describeAllowed(schemaAt(['index', 'include'])), 'an array of strings');
    assert.equal(schemaAt(['model', 'nope']), undefined);
    // Each rule's own options are in the schema, so editors complete them.
    assert.equal(describeAllowed(schemaAt(['rules', 'max-lines', 1, 'max'])), 'an integer ≥ 1');
    assert.equal(describeAllowed(schemaAt(['rules', 'max-lines', 'options', 'max'])), 'an integer ≥ 1');
  });

  it('marks defaulted keys optional, so {} is a valid config to editors as it is to the loader', () => {
    const schema = JSON.parse(schemaFileText()) as { required?: string[]; properties: Record<string, { required?: string[] }> };
    assert.equal(schema.required, undefined);
    assert.equal(schema.properties['model']?.required, undefined);
    assert.ok(ConfigSchema.safeParse({}).success);
  });

  it('accepts and rejects what the loader does, read back from the committed file', async () => {
    const editorView = z.fromJSONSchema(JSON.parse(await readFile(SCHEMA_PATH, 'utf8')));
    const doc = await readFile(OPTIONS_DOC_PATH, 'utf8');
    const docExample = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    assert.ok(docExample, 'docs/configuration.md opens with a JSON example');
    const cases: unknown[] = [
      {},
      JSON.parse(docExample),
      JSON.parse(await readFile(join(SAMPLE_REPO, 'review-guard.config.json'), 'utf8')),
      { rules: { naming: ['error', { function: { formats: ['camelCase'] } }], review: { severity: 'off' } } },
      { index: { semantic: { provider: 'transformers', model: 'Xenova/all-MiniLM-L6-v2', quantized: true } } },
      { modle: {} },
      { rules: { 'max-line': 'error' } },
      { rules: { 'max-lines': ['error', { max: 'many' }] } },
      { rules: { naming: { severity: 'loud' } } },
      { index: { semantic: { provider: 'ollama' } } },
      { model: { maxTurns: 21 } },
      { maxFileBytes: 1.5 },
    ];
    for (const config of cases) {
      assert.equal(editorView.safeParse(config).success, ConfigSchema.safeParse(config).success, JSON.stringify(config));
    }
    assert.ok(ConfigSchema.safeParse(JSON.parse(docExample)).success, 'the docs/configuration.md example is a valid config');
  });
});
