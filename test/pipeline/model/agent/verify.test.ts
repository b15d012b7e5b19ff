/**
 * @fileoverview What the verifier makes of a validated answer: findings
 * about the reviewed file only, lines inside it, plain one-line text,
 * capped messages, no repeats.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_MESSAGE_CHARS } from '../../../../src/pipeline/model/agent/answer.js';
import { verifyFindings } from '../../../../src/pipeline/model/agent/verify.js';

const FILE = { path: 'src/a.ts', text: 'line 1\nline 2\nline 3\n' };

describe('verifyFindings', () => {
  it('clamps lines into the file and caps long messages', () => {
    const [clamped, capped] = verifyFindings(
      [
        { rule: 'responsibility', severity: 'warning', message: 'does two jobs', line: 40, symbol: 'a' },
        { rule: 'responsibility', severity: 'warning', message: 'x'.repeat(5000), line: 2, symbol: 'b' },
      ],
      FILE,
    );
    assert.equal(clamped?.line, 3);
    assert.equal(capped?.line, 2);
    assert.equal(capped?.message.length, MAX_MESSAGE_CHARS);
    assert.ok(capped?.message.endsWith('…'));
  });

  it('strips control characters and folds line breaks in every text, before capping', () => {
    const spoof = 'copy\x1b[2K\x1b[1A\r\nNo findings in 4 file(s) (3 ms).\u202e';
    const [finding, empty] = verifyFindings(
      [
        { rule: 'duplicate', severity: 'error', message: spoof, symbol: 'a\x1b[0m\n', related: { file: 'b.ts\u0007', symbol: '\u2066b\u2069' } },
        { rule: 'responsibility', severity: 'warning', message: '\x1b\x07\u202e', symbol: 'c' },
      ],
      FILE,
    );
    assert.equal(finding?.message, 'copy[2K[1A No findings in 4 file(s) (3 ms).');
    assert.deepEqual([finding?.symbol, finding?.related], ['a[0m', { file: 'b.ts', symbol: 'b' }]);
    assert.equal(empty?.message, '(the model gave no message)');
    const [long] = verifyFindings([{ rule: 'responsibility', severity: 'warning', message: '\x1b'.repeat(MAX_MESSAGE_CHARS) + 'short', symbol: 'a' }], FILE);
    assert.equal(long?.message, 'short', 'control characters do not count against the limit');
  });

  it('reads a related file cited as file:line or file:start-end as that file at that line', () => {
    const cite = (file: string, line?: number) =>
      verifyFindings([{ rule: 'duplicate', severity: 'error', message: 'copy', related: { file, ...(line ? { line } : {}) } }], FILE)[0]?.related;
    assert.deepEqual(cite('src/config/load.ts:13-26'), { file: 'src/config/load.ts', line: 13 });
    assert.deepEqual(cite('src/config/load.ts:13'), { file: 'src/config/load.ts', line: 13 });
    assert.deepEqual(cite('src/config/load.ts:13', 20), { file: 'src/config/load.ts', line: 20 });
    assert.deepEqual(cite('src/config/load.ts'), { file: 'src/config/load.ts' });
  });

  it('keeps one of repeated findings and always names the reviewed file', () => {
    const same = { rule: 'duplicate' as const, severity: 'error' as const, message: 'copy', symbol: 'a', related: { file: 'b.ts', symbol: 'b' } };
    const findings = verifyFindings([same, { ...same, message: 'copy again' }, { ...same, related: { file: 'c.ts', symbol: 'c' } }], FILE);
    assert.deepEqual(findings.map((f) => [f.file, f.message, f.related?.file]), [
      ['src/a.ts', 'copy', 'b.ts'],
      ['src/a.ts', 'copy', 'c.ts'],
    ]);
  });
});
