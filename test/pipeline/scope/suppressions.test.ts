/**
 * Inline suppressions: which findings a `review-guard-ignore` comment
 * covers, and that a comment naming an unknown rule is itself reported.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FindingDraft } from '../../../src/pipeline/findings/drafts.js';
import { applySuppressions, readSuppressions } from '../../../src/pipeline/scope/suppressions.js';
import { parse } from '../../rules/helpers.js';

function draft(rule: string, line: number): FindingDraft {
  return { file: 'sample.ts', rule, severity: 'warning', message: `${rule} at ${line}`, source: 'rule', line };
}

const kept = (text: string, drafts: FindingDraft[]) =>
  applySuppressions(parse(text), drafts, 'warning').map((d) => `${d.rule}@${d.line}`);

describe('inline suppressions', () => {
  it('covers the next code line, skipping blank and comment lines, for the named rule only', () => {
    const text = ['// review-guard-ignore naming: legacy wire name', '', '// keep', 'export const max_retries = 3;', 'export const other_name = 1;', ''].join('\n');
    assert.deepEqual(kept(text, [draft('naming', 4), draft('max-lines', 4), draft('naming', 5)]), ['max-lines@4', 'naming@5']);
  });

  it('covers the whole declaration that starts on the next line', () => {
    const text = ['// review-guard-ignore duplicate, naming: kept for the v1 API', 'export function Old_api(Bad_param: string) {', '  const x_y = Bad_param;', '  return x_y;', '}', 'const after_it = 1;', ''].join('\n');
    assert.deepEqual(kept(text, [draft('duplicate', 2), draft('naming', 2), draft('naming', 3), draft('naming', 6)]), ['naming@6']);
  });

  it('a trailing comment covers its own line; a block comment works too', () => {
    const text = ['const a_b = 1; // review-guard-ignore naming', '/* review-guard-ignore naming */', 'const c_d = 2;', 'const e_f = 3;', ''].join('\n');
    assert.deepEqual(kept(text, [draft('naming', 1), draft('naming', 3), draft('naming', 4)]), ['naming@4']);
  });

  it('review-guard-ignore-file covers every finding of that rule in the file', () => {
    const text = ['// review-guard-ignore-file max-lines: generated table', 'const a = 1;', ''].join('\n');
    assert.deepEqual(kept(text, [draft('max-lines', 2), { ...draft('review', 1), line: undefined }, draft('naming', 2)]), ['review@undefined', 'naming@2']);
    assert.deepEqual(readSuppressions(parse(text)).map((s) => [s.scope, s.rules, s.comment]), [['file', ['max-lines'], 'review-guard-ignore-file max-lines: generated table']]);
  });

  it('reports a suppression that names an unknown rule, or none, on the comment line', () => {
    const text = ['// review-guard-ignore namin: typo', 'const a_b = 1;', '// review-guard-ignore', 'const c = 2;', ''].join('\n');
    const result = applySuppressions(parse(text), [draft('naming', 2)], 'warning');
    assert.deepEqual(result.map((d) => [d.rule, d.line]), [['naming', 2], ['review', 1], ['review', 3]]);
    assert.match(result[1]!.message, /"review-guard-ignore namin: typo" names no rule "namin", so it suppresses nothing \(known rules: duplicate, max-function-lines, max-lines/);
    assert.deepEqual(applySuppressions(parse(text), [], 'off'), [], 'the review rule switched off says nothing');
  });

  it('prose that mentions the directive is not one', () => {
    const text = ['/**', ' * Use review-guard-ignore naming to silence it.', ' */', 'const a_b = 1;', '// see review-guard-ignore docs', ''].join('\n');
    assert.deepEqual(readSuppressions(parse(text)), []);
  });
});
