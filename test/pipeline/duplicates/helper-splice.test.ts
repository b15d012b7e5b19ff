import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunkFile, type Chunk } from '../../../indexer/index.js';
import { alignableCode } from '../../../src/pipeline/duplicates/alignment.js';
import { FileHelpers } from '../../../src/pipeline/duplicates/helper-splice.js';
import { createSourceFile } from '../../../syntax/index.js';

const SOURCE = [
  'export function distinct(items: string[]): string[] {',
  '  const seen = new Set<string>();',
  '  for (const item of items) remember(item, seen);',
  '  return items.map((x) => x.trim());',
  '}',
  '',
  'function remember(item: string, seen: Set<string>): void {',
  '  if (!seen.has(item)) seen.add(item);',
  '}',
  '',
  'export class Table {',
  '  rows: string[] = [];',
  '  map(f: (r: string) => string): string[] {',
  '    const out: string[] = [];',
  '    for (const row of this.rows) out.push(f(row));',
  '    return out;',
  '  }',
  '  size(): number {',
  '    const all = this.map((r) => r);',
  '    const full = all.filter((r) => r.length > 0);',
  '    return full.length;',
  '  }',
  '}',
].join('\n');

const chunks = chunkFile(createSourceFile('src/a.ts', SOURCE, 'typescript'), 'src/a.ts');
const chunk = (symbol: string): Chunk => chunks.find((c) => c.symbol === symbol)!;
const inline = (symbol: string) => new FileHelpers(chunks).inline(chunk(symbol), alignableCode(chunk(symbol).text, 'typescript'))?.tokens.join(' ');

describe('FileHelpers.inline', () => {
  it('splices the body of a helper of the same file in at its bare call, and leaves a member call of another object alone', () => {
    const text = inline('distinct');
    assert.ok(text?.includes('if ( ! ID . has ( ID ) ) ID . add ( ID )'), text);
    assert.doesNotMatch(text ?? '', /remember/);
    // `items.map(…)` calls the array's map, not Table.map.
    assert.match(text ?? '', /ID \. map \(/);
    assert.doesNotMatch(text ?? '', /rows/);
  });

  it('splices a method called on the receiver, but not into the class that holds it', () => {
    assert.match(inline('Table.size') ?? '', /for \( const ID of ID \. rows \)/);
    assert.equal(inline('Table'), undefined);
  });

  it('leaves a chunk that calls no helper of its file as it is', () => {
    assert.equal(inline('remember'), undefined);
  });
});
