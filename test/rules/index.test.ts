/**
 * @fileoverview The rule catalog: sorted ids, lookups, and metas that are
 * complete enough for the engine and the model prompt.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/sample-repo.js';
import { getRule, listRules, RULE_IDS } from '../../rules/index.js';

describe('rule catalog', () => {
  it('lists every rule, sorted by id', () => {
    assert.deepEqual(RULE_IDS, ['duplicate', 'max-function-lines', 'max-lines', 'naming', 'near-duplicate-names', 'responsibility', 'review']);
    assert.deepEqual(listRules().map((meta) => meta.id), RULE_IDS);
  });

  it('looks rules up by id only', () => {
    assert.equal(getRule('naming')?.meta.id, 'naming');
    assert.equal(getRule('toString'), undefined);
  });

  it('model rules have no check; deterministic rules do', () => {
    for (const id of RULE_IDS) {
      const rule = getRule(id)!;
      assert.equal(typeof rule.check === 'function', rule.meta.kind === 'deterministic', id);
    }
  });

  it('every rule parses empty options and has messages', () => {
    for (const meta of listRules()) {
      assert.ok(meta.options.safeParse({}).success, meta.id);
      assert.ok(Object.keys(meta.messages).length > 0, meta.id);
      assert.ok(meta.docsUrl.endsWith(`/${meta.id}.md`), meta.id);
    }
  });

  it('every rule has a doc named after its id, with the fixed sections', () => {
    for (const meta of listRules()) {
      const path = `${REPO_ROOT}docs/rules/${meta.id}.md`;
      assert.ok(existsSync(path), `docs/rules/${meta.id}.md is missing`);
      const doc = readFileSync(path, 'utf8');
      assert.ok(doc.startsWith(`# ${meta.id}\n`), `${meta.id}: title`);
      for (const section of ['## Why', '## Options', '## Finding']) assert.ok(doc.includes(`\n${section}\n`), `${meta.id}: ${section}`);
    }
  });
});
