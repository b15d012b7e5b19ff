import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Catalog, toChunk, type ChunkRecord } from '../../indexer/catalog.js';

function record(id: string, label: number, hash = `h${label}`): ChunkRecord {
  return { id, symbol: 'f', kind: 'function', startLine: 2, endLine: 4, hash, tokenCount: 25, textStart: 3, textEnd: 9, label, evidence: '' };
}

describe('Catalog', () => {
  it('looks chunks up by id, label and hash, and forgets removed files', () => {
    const catalog = new Catalog();
    catalog.setFile('a.ts', { hash: 'x', size: 1, mtimeMs: 1, chunks: [record('a.ts#f', 0, 'same'), record('a.ts#g', 1)] });
    catalog.setFile('b.ts', { hash: 'y', size: 1, mtimeMs: 1, chunks: [record('b.ts#f', 2, 'same')] });
    assert.equal(catalog.chunk('a.ts#g')?.file, 'a.ts');
    assert.equal(catalog.chunkByLabel(2)?.record.id, 'b.ts#f');
    assert.deepEqual(catalog.sameHash('same').map((e) => e.record.id).sort(), ['a.ts#f', 'b.ts#f']);
    assert.equal(catalog.nextLabel, 3);
    assert.deepEqual(catalog.removeFile('a.ts'), [0, 1]);
    assert.equal(catalog.chunk('a.ts#f'), undefined);
    assert.deepEqual(catalog.sameHash('same').map((e) => e.record.id), ['b.ts#f']);
    assert.equal(catalog.fileCount, 1);
    assert.equal(catalog.chunkCount, 1);
  });

  it('replaces a file, returning the labels it freed', () => {
    const catalog = new Catalog();
    catalog.setFile('a.ts', { hash: 'x', size: 1, mtimeMs: 1, chunks: [record('a.ts#f', 0)] });
    assert.deepEqual(catalog.setFile('a.ts', { hash: 'z', size: 2, mtimeMs: 2, chunks: [record('a.ts#f', 1)] }), [0]);
    assert.equal(catalog.chunkByLabel(0), undefined);
    assert.equal(catalog.chunk('a.ts#f')?.record.label, 1);
  });

  it('refuses ids or labels owned by another file, before changing anything', () => {
    const catalog = new Catalog();
    catalog.setFile('a.ts', { hash: 'x', size: 1, mtimeMs: 1, chunks: [record('a.ts#f', 0)] });
    assert.throws(() => catalog.setFile('b.ts', { hash: 'y', size: 1, mtimeMs: 1, chunks: [record('a.ts#f', 5)] }), /duplicate chunk id/);
    assert.throws(() => catalog.setFile('b.ts', { hash: 'y', size: 1, mtimeMs: 1, chunks: [record('b.ts#f', 0)] }), /duplicate vector label/);
    assert.equal(catalog.fileCount, 1);
  });

  it('refuses stored records that repeat an id or a label, within a file or across files', () => {
    const file = (...chunks: ChunkRecord[]) => ({ hash: 'x', size: 1, mtimeMs: 1, chunks });
    assert.throws(() => new Catalog([['a.ts', file(record('a.ts#f', 0))], ['b.ts', file(record('a.ts#f', 1))]]), /duplicate chunk id "a.ts#f"/);
    assert.throws(() => new Catalog([['a.ts', file(record('a.ts#f', 0), record('a.ts#g', 0))]]), /duplicate vector label 0/);
    const loaded = new Catalog([['a.ts', file(record('a.ts#f', 0), record('a.ts#g', 7))], ['b.ts', file(record('b.ts#f', 3))]], 2);
    assert.equal(loaded.chunkCount, 3);
    assert.equal(loaded.nextLabel, 8);
  });

  it('rebuilds a chunk from its record and text', () => {
    const chunk = toChunk({ file: 'a.ts', record: record('a.ts#f', 0) }, 'code');
    assert.deepEqual(chunk, { id: 'a.ts#f', file: 'a.ts', symbol: 'f', kind: 'function', startLine: 2, endLine: 4, text: 'code', hash: 'h0', tokenCount: 25 });
  });
});
