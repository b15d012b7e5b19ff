/**
 * The hook's message: error findings counted as the summary counts them,
 * and a review that failed inside on the edited file reaches the model with
 * its reason even without an error finding, so a file that trips
 * review-guard cannot pass the gate in silence.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countSeverities, type FileStatus, type Finding, type ReviewResult } from '../../src/pipeline/index.js';
import { formatHookMessage } from '../../src/report/hook.js';

const WARNING: Finding = { file: 'a.ts', line: 3, rule: 'naming', severity: 'warning', message: 'variable "a_b" should be camelCase', source: 'rule', fingerprint: 'f1' };

function resultOf(findings: Finding[], status: FileStatus): ReviewResult {
  return { findings, summary: { files: [status], counts: countSeverities(findings), durationMs: 1 } };
}

describe('formatHookMessage', () => {
  it('is silent for warnings of a file reviewed without trouble', () => {
    assert.equal(formatHookMessage(resultOf([WARNING], { file: 'a.ts', status: 'reviewed' }), 'a.ts'), undefined);
  });

  it('tells the model when the review of the file failed inside, with the reason', () => {
    const reason = 'review-guard failed while running the rules on it: internal error: RangeError: Maximum call stack size exceeded';
    const message = formatHookMessage(resultOf([WARNING], { file: 'a.ts', status: 'error', failedStage: 'rules', reason }), 'a.ts');
    assert.equal(message, `review-guard: the review of a.ts is incomplete: ${reason}\n(1 warning/info finding(s) not shown: review-guard review a.ts)`);
  });

  it('shows a parametric or near copy, a warning, to the model: reuse is what the hook is for', () => {
    const copy: Finding = {
      file: 'a.ts', line: 5, rule: 'duplicate', kind: 'parametric', severity: 'warning', source: 'index', fingerprint: 'f2',
      message: '"parseSettings" duplicates "loadConfig" at src/config/load.ts:13 (parametric copy: 3000 vs 8080)',
    };
    const message = formatHookMessage(resultOf([WARNING, copy], { file: 'a.ts', status: 'reviewed' }), 'a.ts');
    assert.match(message ?? '', /^review-guard: 0 error finding\(s\) and 1 duplicate warning\(s\) in a\.ts after this edit:\n- a\.ts:5 "parseSettings" duplicates "loadConfig"/);
    assert.match(message ?? '', /\(1 warning\/info finding\(s\) not shown/);
  });
});
