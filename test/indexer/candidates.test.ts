import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EXACT_COPY_SLACK,
  makeSnippet,
  rankCandidates,
  SNIPPET_MAX_CHARS,
  SNIPPET_MAX_LINES,
} from '../../indexer/candidates.js';
import { Catalog, type ChunkRecord } from '../../indexer/catalog.js';
import { HnswIndex } from '../../indexer/vectors/hnsw-index.js';
import type { VectorHit, VectorIndex } from '../../indexer/vectors/vector-index.js';

describe('makeSnippet', () => {
  it('keeps short code whole', () => {
    assert.deepEqual(makeSnippet('a\nb'), { snippet: 'a\nb', truncated: false });
  });

  it('cuts at the line limit, then at the character limit', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const byLines = makeSnippet(lines.join('\n'));
    assert.equal(byLines.snippet.split('\n').length, SNIPPET_MAX_LINES);
    assert.equal(byLines.truncated, true);
    const byChars = makeSnippet('x'.repeat(SNIPPET_MAX_CHARS + 1));
    assert.equal(byChars.snippet.length, SNIPPET_MAX_CHARS);
    assert.equal(byChars.truncated, true);
  });

  it('shows CRLF code without carriage returns', () => {
    assert.equal(makeSnippet('a\r\nb\r\n').snippet, 'a\nb\n');
  });
});

/** A chunk record of `file` with the given hash and label. */
function record(file: string, hash: string, label: number): ChunkRecord {
  return { id: `${file}#f`, symbol: 'f', kind: 'function', startLine: 1, endLine: 4, hash, tokenCount: 30, textStart: 0, textEnd: 4, label, evidence: '' };
}

describe('rankCandidates', () => {
  const DIMS = 4;
  const SAME = Float32Array.from([1, 0, 0, 0]);

  /** `copies` exact copies of one chunk (files c00000.ts…) and `others` distinct chunks, all indexed. */
  function corpus(copies: number, others: number): { catalog: Catalog; vectors: HnswIndex; requested: number[]; counting: VectorIndex } {
    const catalog = new Catalog();
    const vectors = HnswIndex.create(DIMS, { initialCapacity: copies + others });
    let label = 0;
    // Inserted in reverse, so that catalog order is not id order.
    for (let i = copies - 1; i >= 0; i--) {
      const file = `c${String(i).padStart(5, '0')}.ts`;
      catalog.setFile(file, { hash: file, size: 1, mtimeMs: 1, chunks: [record(file, 'copy', label)] });
      vectors.add(label++, SAME);
    }
    for (let i = 0; i < others; i++) {
      const file = `o${i}.ts`;
      catalog.setFile(file, { hash: file, size: 1, mtimeMs: 1, chunks: [record(file, `other${i}`, label)] });
      vectors.add(label++, Float32Array.from([1, 1 + i, i % 3, 1]));
    }
    const requested: number[] = [];
    const counting: VectorIndex = {
      add: (l, vector) => vectors.add(l, vector),
      remove: (l) => vectors.remove(l),
      get: (l) => vectors.get(l),
      has: (l) => vectors.has(l),
      get size() {
        return vectors.size;
      },
      save: (path) => vectors.save(path),
      search(vector: Float32Array, k: number): VectorHit[] {
        requested.push(k);
        return vectors.search(vector, k);
      },
    };
    return { catalog, vectors, requested, counting };
  }

  it('bounds the work for a group of many exact copies, keeping the lowest ids first', () => {
    const copies = 5000;
    const { catalog, requested, counting } = corpus(copies, 20);
    const k = 5;
    const self = { id: 'c00000.ts#f', file: 'c00000.ts', startLine: 1, endLine: 4 };
    const read: string[] = [];
    const results = rankCandidates(
      { catalog, vectors: counting, chunkText: (entry) => (read.push(entry.file), 'code') },
      { vector: SAME, hash: 'copy', self },
      k,
    );
    assert.deepEqual(results.map((c) => [c.id, c.score]), [1, 2, 3, 4, 5].map((i) => [`c0000${i}.ts#f`, 1]));
    assert.equal(requested.length, 1);
    assert.ok(requested[0]! <= k * 3 + k + EXACT_COPY_SLACK + 1, `asked the vector index for ${requested[0]} hits`);
    assert.equal(read.length, k, 'only the chunks returned are read');
  });

  it('falls back to further copies when the first ones changed since indexing', () => {
    const { catalog, counting } = corpus(40, 5);
    const changed = new Set(['c00000.ts', 'c00001.ts', 'c00002.ts']);
    const results = rankCandidates(
      { catalog, vectors: counting, chunkText: (entry) => (changed.has(entry.file) ? undefined : 'code') },
      { vector: SAME, hash: 'copy' },
      3,
    );
    assert.deepEqual(results.map((c) => c.id), ['c00003.ts#f', 'c00004.ts#f', 'c00005.ts#f']);
  });
});
