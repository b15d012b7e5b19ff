import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeTermHashes, encodeTermHashes, EvidenceIndex, termHashes } from '../../../indexer/evidence/index.js';

/** An index of `common` chunks that all have `w:map`, plus the given ones. */
function indexOf(chunks: Record<number, string[]>, common = 20): EvidenceIndex {
  const index = new EvidenceIndex();
  for (let label = 100; label < 100 + common; label++) index.add(label, termHashes(['w:map', `w:filler${label}`]));
  for (const [label, terms] of Object.entries(chunks)) index.add(Number(label), termHashes(terms));
  return index;
}

describe('evidence index', () => {
  it('round-trips the hashes a chunk record stores', () => {
    const hashes = termHashes(['w:retry', 'n:sessionstore', 'w:retry']);
    assert.equal(hashes.length, 2);
    assert.deepEqual(decodeTermHashes(encodeTermHashes(hashes)), hashes);
    assert.equal(decodeTermHashes('AAA='), undefined, 'not a whole number of hashes');
  });

  it('weighs a term by how rare it is', () => {
    const index = indexOf({ 1: ['w:map', 'n:sessionstore'] });
    const [map, store] = [termHashes(['w:map'])[0]!, termHashes(['n:sessionstore'])[0]!];
    assert.ok(index.weight(store) > 5 * index.weight(map));
    assert.equal(index.weight(store), index.rareWeight());
  });

  it('ranks the chunk that shares the rare terms first, and leaves out what it is told to skip', () => {
    const index = indexOf({
      1: ['w:map', 'n:sessionstore', 'w:expire', 'w:token'],
      2: ['w:map', 'w:token', 'w:other', 'w:thing'],
      3: ['w:map', 'n:sessionstore', 'w:expire', 'w:token'],
    });
    const query = termHashes(['w:map', 'n:sessionstore', 'w:expire', 'w:token']);
    const hits = index.search(query, 5, (label) => label === 3);
    assert.deepEqual(hits.map((h) => h.label).slice(0, 2), [1, 2]);
    assert.equal(hits[0]!.agreement, 1);
    assert.ok(hits[1]!.agreement < 0.5);
    assert.ok(Math.abs(hits[0]!.shared - index.totalWeight(query) / index.rareWeight()) < 1e-9);
  });

  it('forgets a removed chunk and its terms', () => {
    const index = indexOf({ 1: ['n:sessionstore'] }, 3);
    index.remove(1);
    assert.equal(index.size, 3);
    assert.deepEqual(index.search(termHashes(['n:sessionstore']), 5, () => false), []);
  });
});
