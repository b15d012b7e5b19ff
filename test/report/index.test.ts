/**
 * Choosing a reporter and whether to colour: the JSON report is the MCP
 * tool's structuredContent as is; colour only on a terminal without NO_COLOR.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReviewResultSchema, type ReviewResult } from '../../src/pipeline/index.js';
import { formatReport, wantsColor } from '../../src/report/index.js';

const result: ReviewResult = {
  findings: [{ file: 'a.ts', line: 2, rule: 'naming', severity: 'warning', message: 'rename', source: 'rule', fingerprint: 'f1' }],
  summary: { files: [{ file: 'a.ts', status: 'reviewed', model: 'disabled' }], counts: { error: 0, warning: 1, info: 0 }, durationMs: 3 },
};

describe('report formats', () => {
  it('json is the review result itself, valid against the shared schema', () => {
    const parsed = JSON.parse(formatReport(result, 'json')) as unknown;
    assert.deepEqual(ReviewResultSchema.strict().parse(parsed), result);
  });

  it('text is coloured only when asked', () => {
    assert.match(formatReport(result, 'text', { color: true }), /\x1b\[33m/);
    assert.doesNotMatch(formatReport(result, 'text'), /\x1b/);
  });

  it('colour on a terminal unless NO_COLOR is set (to anything but empty)', () => {
    assert.equal(wantsColor({ isTTY: true }, {}), true);
    assert.equal(wantsColor({ isTTY: true }, { NO_COLOR: '1' }), false);
    assert.equal(wantsColor({ isTTY: true }, { NO_COLOR: '' }), true);
    assert.equal(wantsColor({ isTTY: false }, {}), false);
    assert.equal(wantsColor({}, {}), false);
  });
});
