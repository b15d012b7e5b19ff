/**
 * @fileoverview Reciprocal-rank fusion, alone and inside rankCandidates:
 * the order it gives, ties, items without a semantic score, and candidates
 * found by one signal only getting both scores.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rankCandidates } from '../../../indexer/candidates.js';
import { Catalog, type ChunkRecord } from '../../../indexer/catalog.js';
import { fuseRankings, RRF_K } from '../../../indexer/vectors/fusion.js';
import { HnswIndex } from '../../../indexer/vectors/hnsw-index.js';

describe('fuseRankings', () => {
  it('puts what both signals rank high above what only one ranks first', () => {
    const items = [
      { id: 'structure-only', score: 0.9, semanticScore: 0.1 },
      { id: 'both', score: 0.8, semanticScore: 0.8 },
      { id: 'middling', score: 0.5, semanticScore: 0.5 },
      { id: 'meaning-only', score: 0.1, semanticScore: 0.9 },
    ];
    assert.deepEqual(fuseRankings(items).map((i) => i.id), ['both', 'structure-only', 'meaning-only', 'middling']);
    // Second on both lists beats first on one and last on the other; equal sums go by structural score.
    assert.ok(2 / (RRF_K + 2) > 1 / (RRF_K + 1) + 1 / (RRF_K + 4));
  });

  it('breaks ties by structural score, then id, and leaves items without a semantic score to the structural ranking', () => {
    const tied = [
      { id: 'b', score: 0.5, semanticScore: 0.7 },
      { id: 'a', score: 0.7, semanticScore: 0.5 },
    ];
    assert.deepEqual(fuseRankings(tied).map((i) => i.id), ['a', 'b']);
    const same = [
      { id: 'y', score: 0.5 },
      { id: 'x', score: 0.5 },
    ];
    assert.deepEqual(fuseRankings(same).map((i) => i.id), ['x', 'y']);
    const partial = [
      { id: 'no-vector', score: 0.95 },
      { id: 'second', score: 0.9, semanticScore: 0.3 },
      { id: 'third', score: 0.5, semanticScore: 0.2 },
    ];
    assert.deepEqual(fuseRankings(partial).map((i) => i.id), ['second', 'third', 'no-vector']);
  });
});

describe('rankCandidates with a semantic signal', () => {
  const DIMS = 4;
  function record(file: string, label: number): ChunkRecord {
    return { id: `${file}#f`, symbol: 'f', kind: 'function', startLine: 1, endLine: 4, hash: file, tokenCount: 30, textStart: 0, textEnd: 4, label, evidence: '' };
  }
  /** Chunk i: structural vector `structural[i]`, semantic vector `semantic[i]` (if any). */
  function sources(structural: number[][], semantic: (number[] | undefined)[]) {
    const catalog = new Catalog();
    const vectors = HnswIndex.create(DIMS);
    const semanticVectors = HnswIndex.create(DIMS);
    structural.forEach((v, label) => {
      catalog.setFile(`f${label}.ts`, { hash: `f${label}`, size: 1, mtimeMs: 1, chunks: [record(`f${label}.ts`, label)] });
      vectors.add(label, Float32Array.from(v));
      const s = semantic[label];
      if (s) semanticVectors.add(label, Float32Array.from(s));
    });
    return { catalog, vectors, semantic: semanticVectors, chunkText: () => 'code' };
  }

  it('fuses both rankings, keeps the structural score, and scores hits of one signal on the other too', () => {
    const src = sources(
      [
        [1, 0, 0, 0], // f0: structurally the query
        [1, 1, 0, 0], // f1: close on both
        [0, 0, 1, 0], // f2: structurally unrelated, semantically the query
        [0, 0, 0, 1], // f3: unrelated on both
      ],
      [[0, 1, 0, 0], [1, 0.5, 0, 0], [1, 0, 0, 0], undefined],
    );
    const query = { vector: Float32Array.from([1, 0, 0, 0]), hash: 'none', semanticVector: Float32Array.from([1, 0, 0, 0]) };
    const results = rankCandidates(src, query, 4);
    // f0 and f2 are first on one list and third on the other, f1 second on both: 1/61 + 1/63 > 2/62.
    assert.deepEqual(results.map((c) => [c.id, c.score, c.semanticScore]), [
      ['f0.ts#f', 1, 0],
      ['f2.ts#f', 0, 1],
      ['f1.ts#f', 0.707, 0.894],
      ['f3.ts#f', 0, undefined],
    ]);
    assert.equal('semanticScore' in results[3]!, false);
    // Without a semantic query vector: structural order, no semantic scores.
    const plain = rankCandidates(src, { vector: query.vector, hash: 'none' }, 2);
    assert.deepEqual(plain.map((c) => [c.id, c.score, 'semanticScore' in c]), [['f0.ts#f', 1, false], ['f1.ts#f', 0.707, false]]);
  });
});
