import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alignableCode, alignCode } from '../../../src/pipeline/duplicates/alignment.js';
import { compareJudgements, differingRegions, judgePair, type PairJudgement } from '../../../src/pipeline/duplicates/verdict.js';

const ts = (text: string) => alignableCode(text, 'typescript');

const TOTAL = [
  'function total(lines: Line[], taxRate: number): number {',
  '  let sum = 0;',
  '  for (const line of lines) {',
  '    const gross = line.price * line.quantity;',
  '    sum += gross - (line.discount ?? 0) * gross;',
  '  }',
  '  const taxed = sum * (1 + taxRate);',
  '  return Math.round(taxed * 100) / 100;',
  '}',
].join('\n');

const judge = (copy: string, original = TOTAL): PairJudgement | undefined => judgePair(ts(copy), ts(original));

describe('judgePair', () => {
  it('a copy: equal tokens and values, with the call spelled from the parameter correspondence', () => {
    const copy = TOTAL.replace('function total(lines: Line[], taxRate: number): number', 'export const sumAll = (items, rate) =>')
      .replaceAll('lines', 'items')
      .replaceAll('line.', 'item.')
      .replace('const line of', 'const item of')
      .replace('+ taxRate', '+ rate');
    const verdict = judge(copy)?.verdict;
    assert.equal(verdict?.kind, 'copy');
    assert.deepEqual(verdict?.kind === 'copy' && verdict.args, ['items', 'rate']);
  });

  it('a near copy when only the keys of the returned object were renamed, each renamed key a differing line', () => {
    const shape = (a: string, b: string) =>
      `function summary(lines: Line[]) {\n  const count = lines.length;\n  const units = lines.reduce((n, l) => n + l.quantity, 0);\n  return {\n    ${a}: count,\n    ${b}: units,\n    empty: count === 0,\n  };\n}`;
    const verdict = judgePair(ts(shape('size', 'total')), ts(shape('count', 'units')))?.verdict;
    assert.equal(verdict?.kind, 'near');
    assert.deepEqual(verdict?.kind === 'near' && [verdict.lines.differingRows, verdict.lines.removedRows], [[4, 5], [4, 5]]);
    assert.equal(judgePair(ts(shape('count', 'units')), ts(shape('count', 'units')))?.verdict?.kind, 'copy');
  });

  it('a parametric copy: equal tokens, other values, each named', () => {
    const verdict = judge(TOTAL.replace('(1 + taxRate)', '(2 + taxRate)').replace('taxed * 100) / 100', 'taxed * 1000) / 1000'))?.verdict;
    assert.equal(verdict?.kind, 'parametric');
    assert.deepEqual(
      verdict?.kind === 'parametric' && verdict.literals.map(({ ours, theirs, row }) => [ours, theirs, row]),
      [['2', '1', 6], ['1000', '100', 7], ['1000', '100', 7]],
    );
  });

  it('a one-line function that differs in one value is a parametric twin, not a parametric copy', () => {
    const judgement = judge('positive(message) {\n  return this.check("min", 0, message);\n}', 'negative(message) {\n  return this.check("max", 0, message);\n}');
    assert.equal(judgement?.similarity, 1);
    assert.equal(judgement?.differingValues, 1);
    assert.equal(judgement?.verdict, undefined);
  });

  it('a near copy: one added logging line, one guard, one rewritten loop', () => {
    const logged = TOTAL.replace('  let sum = 0;', "  console.log('total', lines);\n  let sum = 0;");
    const guarded = TOTAL.replace('  let sum = 0;', '  if (lines.length === 0) return 0;\n  let sum = 0;');
    const forEach = TOTAL.replace('for (const line of lines) {', 'lines.forEach((line) => {').replace('\n  }\n', '\n  });\n');
    for (const copy of [logged, guarded, forEach]) {
      const judgement = judge(copy);
      assert.equal(judgement?.verdict?.kind, 'near', copy);
      assert.ok(judgement.similarity < 1);
    }
    const lines = judge(logged)?.verdict;
    assert.deepEqual(lines?.kind === 'near' && [lines.lines.matchingLines, lines.lines.lines, lines.lines.differingRows], [9, 10, [1]]);
  });

  it('a near copy with two statements swapped', () => {
    const swapped = TOTAL.replace(
      '    const gross = line.price * line.quantity;\n    sum += gross - (line.discount ?? 0) * gross;',
      '    const gross = line.price * line.quantity;\n    const off = line.discount ?? 0;\n    sum += gross - off * gross;',
    );
    assert.equal(judge(swapped)?.verdict?.kind, 'near');
  });

  it('no kind for a different function of a similar shape', () => {
    const other = [
      'function average(rows: Row[], weight: number): number {',
      '  let count = 0;',
      '  while (count < rows.length) {',
      '    rows[count]!.weight = weight;',
      '    count++;',
      '  }',
      '  return rows.reduce((a, r) => a + r.value, 0) / count;',
      '}',
    ].join('\n');
    assert.equal(judge(other)?.verdict, undefined);
  });

  it('no kind when a small function is only a part of a long one', () => {
    assert.equal(judge('function taxed(sum, taxRate) {\n  const taxed = sum * (1 + taxRate);\n  return Math.round(taxed * 100) / 100;\n}')?.verdict, undefined);
  });
});

describe('differingRegions', () => {
  const regions = (copy: string, original = TOTAL): number => {
    const ours = ts(copy);
    const theirs = ts(original);
    return differingRegions(alignCode(ours, theirs, ours.tokens.length + theirs.tokens.length)!, theirs.tokens.length);
  };

  it('counts an inserted statement, a removed one and a rewritten loop header with its closer as one region each', () => {
    assert.equal(regions(TOTAL), 0);
    assert.equal(regions(TOTAL.replace('  let sum = 0;', "  console.log('x');\n  let sum = 0;")), 1);
    assert.equal(regions(TOTAL, TOTAL.replace('  let sum = 0;', "  console.log('x');\n  let sum = 0;")), 1, 'removed');
    assert.equal(regions(TOTAL.replace('for (const line of lines) {', 'lines.forEach((line) => {').replace('\n  }\n', '\n  });\n')), 2);
  });
});

describe('compareJudgements', () => {
  it('prefers equal code (even without a kind) over a near copy, and a near copy over a closer-scoring pair without one', () => {
    const twin: PairJudgement = { similarity: 1, differingValues: 1 };
    const near: PairJudgement = { similarity: 0.8, differingValues: 0, verdict: { kind: 'near', similarity: 0.8, lines: { lines: 4, matchingLines: 3, differingRows: [1], removedRows: [] }, literals: [] } };
    const scattered: PairJudgement = { similarity: 0.9, differingValues: 0 };
    assert.deepEqual([scattered, near, twin].sort(compareJudgements), [twin, near, scattered]);
  });
});
