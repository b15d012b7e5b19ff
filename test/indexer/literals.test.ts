import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { literalAgreement, literalValues } from '../../indexer/literals.js';

describe('literal agreement', () => {
  it('collects string, number and regex values in order, from fragments too', () => {
    const values = literalValues('positive() { return this.check("min", 0, /x+/, `a ${b} c`); }', 'typescript');
    assert.deepEqual(values, ['min', '0', 'x+', 'a ', ' c']);
  });

  it('is 1 for equal or no literals, 0 for disjoint ones, Jaccard in between', () => {
    assert.equal(literalAgreement([], []), 1);
    assert.equal(literalAgreement(['utf8', '1'], ['1', 'utf8']), 1);
    assert.equal(literalAgreement(['min', '0'], ['max', '1']), 0);
    assert.equal(literalAgreement(['a', 'a', 'b'], ['a', 'b', 'c']), 0.5);
    assert.equal(literalAgreement(['x'], []), 0);
  });
});
