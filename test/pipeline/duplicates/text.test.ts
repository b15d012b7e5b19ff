import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutWhereTheyDiffer } from '../../../src/pipeline/duplicates/text.js';

describe('differing values in a message', () => {
  it('leaves short values whole', () => {
    assert.deepEqual(cutWhereTheyDiffer('config: invalid port ', 'options: invalid port '), ['config: invalid port ', 'options: invalid port ']);
  });

  it('cuts two long values just before they first differ, never to their shared prefix', () => {
    const [ours, theirs] = cutWhereTheyDiffer('No root path can be found for the wheel file', 'No root path can be found for the sdist archive');
    assert.ok(ours.startsWith('…') && theirs.startsWith('…'));
    assert.equal(ours.slice(1, 7), theirs.slice(1, 7), 'a little shared context');
    assert.notEqual(ours.slice(0, 24), theirs.slice(0, 24), 'the difference is inside what a message shows');
  });

  it('keeps the start when they differ early', () => {
    assert.deepEqual(cutWhereTheyDiffer('GET a very long path of many parts', 'PUT a very long path of many parts'), [
      'GET a very long path of many parts',
      'PUT a very long path of many parts',
    ]);
  });
});
