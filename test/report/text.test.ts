import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewResult } from '../../src/pipeline/index.js';
import { formatText } from '../../src/report/text.js';

const result: ReviewResult = {
  findings: [
    { file: 'a.ts', line: 3, rule: 'naming', severity: 'warning', message: 'function "Foo_bar" should be camelCase: rename to "fooBar"', source: 'rule', suggestion: 'fooBar', fingerprint: '1' },
    { file: 'a.ts', line: 9, rule: 'duplicate', severity: 'error', message: '"x" duplicates "y"', source: 'index', suggestion: 'call y from b.ts:2 instead', fingerprint: '2' },
  ],
  summary: {
    files: [
      { file: 'a.ts', status: 'reviewed', model: 'disabled' },
      { file: 'c.md', status: 'skipped', reason: 'c.md is not a supported source file' },
    ],
    counts: { error: 1, warning: 1, info: 0 },
    durationMs: 12,
  },
};

describe('text report', () => {
  it('groups by file, shows advice once, lists files not reviewed and a summary', () => {
    const lines = formatText(result).split('\n');
    assert.equal(lines[0], 'a.ts');
    assert.match(lines[1]!, /^ {2}a\.ts:3 {2}warning function "Foo_bar"/);
    assert.match(lines[2]!, /^ {2}a\.ts:9 {2}error {3}"x" duplicates "y" {2}\[duplicate\]$/);
    assert.match(lines[3]!, /^ {10}→ call y from b\.ts:2 instead$/);
    assert.equal(lines[4], 'c.md: skipped: c.md is not a supported source file');
    assert.equal(lines[5], '2 finding(s): 1 error, 1 warning, 0 info in 1 reviewed file(s) (12 ms).');
  });

  it('colours severities only when asked, and never changes the words', () => {
    const coloured = formatText(result, { color: true });
    assert.match(coloured, /\x1b\[31merror {2}\x1b\[0m/);
    assert.match(coloured, /\x1b\[33mwarning\x1b\[0m/);
    assert.equal(coloured.replace(/\x1b\[\d+m/g, ''), formatText(result));
    assert.doesNotMatch(formatText(result), /\x1b/);
  });

  it('says so when there is nothing to report', () => {
    const empty: ReviewResult = { findings: [], summary: { ...result.summary, files: [result.summary.files[0]!], counts: { error: 0, warning: 0, info: 0 } } };
    assert.equal(formatText(empty), 'No findings in 1 file(s) (12 ms).');
  });

  it('adds one line for the model stage when it ran, none when it was skipped', () => {
    const stage = { promptVersion: 'review-v1', turns: 2, toolCalls: 1, promptTokens: 84, outputTokens: 34, elapsedMs: 900, droppedDuplicates: 0 };
    const withModel = (model: NonNullable<ReviewResult['summary']['model']>) => formatText({ ...result, summary: { ...result.summary, model } }).split('\n');
    assert.equal(withModel({ ...stage, outcome: 'ok' }).at(-2), 'model: ok (2 turn(s), 1 tool call(s), 118 tokens, 900 ms, prompt review-v1)');
    assert.equal(
      withModel({ ...stage, outcome: 'failed', reason: 'timed out', droppedDuplicates: 1 }).at(-2),
      'model: failed: timed out (2 turn(s), 1 tool call(s), 118 tokens, 900 ms, prompt review-v1, 1 unfounded duplicate(s) dropped)',
    );
    assert.doesNotMatch(withModel({ ...stage, outcome: 'skipped', reason: 'off' }).join('\n'), /^model:/m);
  });
});
