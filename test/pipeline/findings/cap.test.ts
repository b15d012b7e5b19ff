/**
 * maxFindingsPerFile: the listed findings are the most severe, the rest are
 * one summary per rule and severity, and every count (summary counts, the
 * hook's, a filter's) still sees the true numbers and severities.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capFindingsPerFile } from '../../../src/pipeline/findings/cap.js';
import { countSeverities, withoutFindings, type Finding, type ReviewResult } from '../../../src/pipeline/index.js';
import { formatHookMessage } from '../../../src/report/hook.js';

function finding(file: string, line: number, rule: string, severity: Finding['severity']): Finding {
  return { file, line, rule, severity, message: `${rule} at ${line}`, source: 'rule', fingerprint: `${file}:${line}:${rule}` };
}

function resultOf(findings: Finding[]): ReviewResult {
  const files = [...new Set(findings.map((f) => f.file))].map((file) => ({ file, status: 'reviewed' as const }));
  return { findings, summary: { files, counts: countSeverities(findings), durationMs: 1 } };
}

/** 250 naming warnings, then 3 max-lines errors and 20 near-duplicate-names infos, in a.ts; 5 warnings in b.ts. */
function flooded(): ReviewResult {
  const a = Array.from({ length: 250 }, (_, i) => finding('a.ts', i + 1, 'naming', 'warning'));
  const errors = [300, 301, 302].map((line) => finding('a.ts', line, 'max-lines', 'error'));
  const infos = Array.from({ length: 20 }, (_, i) => finding('a.ts', 400 + i, 'near-duplicate-names', 'info'));
  const b = Array.from({ length: 5 }, (_, i) => finding('b.ts', i + 1, 'naming', 'warning'));
  return resultOf([...a, ...errors, ...infos, ...b]);
}

describe('capFindingsPerFile', () => {
  it('lists the most severe findings first and summarises the rest per rule, with honest counts', () => {
    const uncapped = flooded();
    const capped = capFindingsPerFile(uncapped, 100);
    const a = capped.findings.filter((f) => f.file === 'a.ts');
    const listed = a.filter((f) => f.omitted === undefined);
    assert.equal(listed.length, 100);
    // All three errors are listed although they come after 250 warnings.
    assert.deepEqual(listed.filter((f) => f.severity === 'error').map((f) => f.line), [300, 301, 302]);
    assert.equal(listed.filter((f) => f.rule === 'naming').length, 97);
    // In file order, summaries last.
    assert.deepEqual(listed.map((f) => f.line), [...listed.map((f) => f.line!)].sort((x, y) => x - y));
    const summaries = a.filter((f) => f.omitted !== undefined);
    assert.deepEqual(
      summaries.map((f) => [f.rule, f.severity, f.omitted, f.message]),
      [
        ['naming', 'warning', 153, 'and 153 more naming finding(s) in this file, not listed: at most 100 findings are listed per file (maxFindingsPerFile)'],
        ['near-duplicate-names', 'info', 20, 'and 20 more near-duplicate-names finding(s) in this file, not listed: at most 100 findings are listed per file (maxFindingsPerFile)'],
      ],
    );
    assert.ok(summaries.every((f) => f.line === undefined && f.source === 'rule' && /^[0-9a-f]{16}$/.test(f.fingerprint)));
    // b.ts is under the cap: untouched.
    assert.deepEqual(capped.findings.filter((f) => f.file === 'b.ts'), uncapped.findings.filter((f) => f.file === 'b.ts'));
    // The counts are those of every finding, listed or not, and survive a later filter.
    assert.deepEqual(capped.summary.counts, { error: 3, warning: 255, info: 20 });
    assert.deepEqual(capped.summary.counts, uncapped.summary.counts);
    assert.deepEqual(withoutFindings(capped, (f) => f.file === 'b.ts').summary.counts, { error: 3, warning: 250, info: 20 });
  });

  it('keeps the severity of what it leaves out, so the error gate still closes', () => {
    const errors = Array.from({ length: 5 }, (_, i) => finding('a.ts', i + 1, 'max-lines', 'error'));
    const capped = capFindingsPerFile(resultOf(errors), 2);
    assert.deepEqual(capped.findings.map((f) => [f.severity, f.omitted]), [['error', undefined], ['error', undefined], ['error', 3]]);
    assert.equal(capped.summary.counts.error, 5);
    assert.match(formatHookMessage(capped, 'a.ts') ?? '', /^review-guard: 5 error finding\(s\) in a\.ts after this edit:\n(.*\n){2}- a\.ts and 3 more max-lines finding\(s\)/);
  });

  it('prints large numbers with separators', () => {
    const many = Array.from({ length: 12_345 }, (_, i) => finding('a.ts', i + 1, 'naming', 'warning'));
    const [summary] = capFindingsPerFile(resultOf(many), 200).findings.filter((f) => f.omitted !== undefined);
    assert.match(summary?.message ?? '', /^and 12,145 more naming finding\(s\) in this file/);
  });

  it('returns a result under the cap as it was', () => {
    const result = flooded();
    assert.equal(capFindingsPerFile(result, 273), result);
  });
});
