/**
 * The size-bounded recently-used cache the warm process keeps texts in:
 * the least recently used go first once the total passes the budget, a
 * read counts as a use, and an entry larger than the budget is still kept
 * until the next one arrives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SizedLru } from '../../indexer/sized-lru.js';

describe('SizedLru', () => {
  it('lets the least recently used go past the budget; a read keeps an entry', () => {
    const lru = new SizedLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    assert.equal(lru.get('a'), 'A');
    lru.set('c', 'C', 4);
    assert.deepEqual(['a', 'b', 'c'].map((key) => lru.get(key)), ['A', undefined, 'C']);
  });

  it('replacing an entry counts its new size only; one over the budget stays until the next', () => {
    const lru = new SizedLru<string>(10);
    lru.set('a', 'A', 6);
    lru.set('a', 'A2', 6);
    lru.set('b', 'B', 4);
    assert.deepEqual([lru.get('a'), lru.get('b')], ['A2', 'B']);
    lru.set('huge', 'H', 50);
    assert.deepEqual([lru.get('a'), lru.get('b'), lru.get('huge')], [undefined, undefined, 'H']);
    lru.set('c', 'C', 1);
    assert.deepEqual([lru.get('huge'), lru.get('c')], [undefined, 'C']);
  });
});
