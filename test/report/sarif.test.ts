/**
 * The SARIF report of a real review, validated against the official SARIF
 * 2.1.0 JSON schema (the copy that ships in @microsoft/jest-sarif; nothing
 * is fetched), plus what code scanning relies on: stable rule ids and
 * indexes, partial fingerprints, related locations for duplicates.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import type * as Sarif from 'sarif';
import { createReviewService, type ReviewResult } from '../../src/pipeline/index.js';
import { FINGERPRINT_KEY, formatSarif } from '../../src/report/sarif.js';
import { RULE_IDS } from '../../rules/index.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

// CommonJS modules: their `default` export is the class / plugin.
const AjvDraft04 = ajvDraft04.default;
const addFormats = ajvFormats.default;
const SCHEMA_PATH = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

describe('SARIF report', () => {
  let repo: SampleRepo;
  let result: ReviewResult;
  let log: Sarif.Log;
  before(async () => {
    repo = await copySampleRepo();
    const service = await createReviewService({ root: repo.root, watch: false });
    result = await service.review(
      { files: ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts', 'src/missing.ts'] },
      { model: false },
    );
    log = JSON.parse(formatSarif(result, { root: repo.root })) as Sarif.Log;
  });
  after(() => repo.remove());

  it('validates against the official SARIF 2.1.0 schema', async () => {
    const schema = JSON.parse(await readFile(SCHEMA_PATH, 'utf8')) as { title: string };
    assert.match(schema.title, /SARIF\) Version 2\.1\.0/);
    // The official schema's `language` pattern has a stray `]`, legal only in non-unicode regular expressions.
    const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const valid = validate(log);
    assert.ok(valid, JSON.stringify(validate.errors, null, 2));
    assert.ok(!validate({ ...log, version: '2.0.0' }), 'the schema check is not vacuous');
  });

  it('records the workspace root as the base of the relative locations', () => {
    const base = log.runs[0]!.originalUriBaseIds?.['%SRCROOT%'];
    assert.equal(base?.uri, `file://${repo.root}/`);
    assert.doesNotMatch(JSON.stringify(log.runs[0]!.results), /file:\/\//, 'locations stay relative');
  });

  it('describes every catalog rule, so rule ids and indexes are stable across runs', () => {
    const run = log.runs[0]!;
    const rules = run.tool.driver.rules ?? [];
    assert.deepEqual(rules.map((r) => r.id), RULE_IDS);
    for (const rule of rules) {
      assert.ok(rule.shortDescription?.text, rule.id);
      assert.match(rule.helpUri ?? '', new RegExp(`/docs/rules/${rule.id}\\.md$`));
    }
    for (const sarifResult of run.results ?? []) assert.equal(rules[sarifResult.ruleIndex!]?.id, sarifResult.ruleId);
  });

  it('one result per finding, with level, workspace-relative location and the fingerprint', () => {
    const results = log.runs[0]!.results ?? [];
    assert.equal(results.length, result.findings.length);
    for (const [i, finding] of result.findings.entries()) {
      const sarifResult = results[i]!;
      assert.equal(sarifResult.ruleId, finding.rule);
      assert.equal(sarifResult.level, { error: 'error', warning: 'warning', info: 'note' }[finding.severity]);
      const location = sarifResult.locations![0]!.physicalLocation!;
      assert.deepEqual(location.artifactLocation, { uri: finding.file, uriBaseId: '%SRCROOT%' });
      assert.equal(location.region?.startLine, finding.line);
      assert.deepEqual(sarifResult.partialFingerprints, { [FINGERPRINT_KEY]: finding.fingerprint });
    }
  });

  it('points a duplicate at its original with a related location', () => {
    const duplicate = (log.runs[0]!.results ?? []).find((r) => r.ruleId === 'duplicate');
    assert.ok(duplicate);
    const related = duplicate.relatedLocations?.[0];
    assert.equal(related?.physicalLocation?.artifactLocation?.uri, 'src/config/load.ts');
    assert.equal(related?.physicalLocation?.region?.startLine, 13);
    assert.match(related?.message?.text ?? '', /^loadConfig \(similarity (0\.\d\d|1\.00)\)$/);
  });

  it('reports an unreadable file as a failed invocation with a notification', () => {
    const invocation = log.runs[0]!.invocations![0]!;
    assert.equal(invocation.executionSuccessful, false);
    const note = invocation.toolExecutionNotifications?.find((n) => n.level === 'error');
    assert.match(note?.message.text ?? '', /file not found: src\/missing\.ts/);
  });
});
