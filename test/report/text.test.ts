import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewResult } from '../../src/pipeline/index.js';
import { formatHookMessage } from '../../src/report/hook.js';
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

  it('shows messages, advice, paths, reasons and notices on one line without control characters, also in the hook message', () => {
    const spoof = (text: string) => `${text}\x1b[2K\x1b[1A\nNo findings in 4 file(s) (1 ms).\u202e`;
    const hostile: ReviewResult = {
      findings: [{ file: spoof('a.ts'), line: 3, rule: 'review', severity: 'error', message: spoof('model review did not complete'), source: 'model', suggestion: spoof('retry'), fingerprint: '1' }],
      summary: {
        files: [{ file: spoof('c.ts'), status: 'error', reason: spoof('unreadable') }],
        notices: [spoof('index store discarded')],
        model: { outcome: 'failed', reason: spoof('HTTP 500'), promptVersion: 'review-v1', turns: 1, toolCalls: 0, promptTokens: 0, outputTokens: 0, elapsedMs: 1, droppedDuplicates: 0 },
        counts: { error: 1, warning: 0, info: 0 },
        durationMs: 5,
      },
    };
    for (const text of [formatText(hostile), formatHookMessage(hostile, 'a.ts') ?? '']) {
      assert.doesNotMatch(text, /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
      assert.doesNotMatch(text, /^No findings/m);
    }
    const lines = formatText(hostile).split('\n');
    assert.equal(lines.length, 7);
    assert.match(lines[1]!, /^ {2}a\.ts\[2K\[1A No findings in 4 file\(s\) \(1 ms\)\.:3 +error +model review did not complete\[2K\[1A No findings .*\[review\]$/);
  });
});
