/**
 * @fileoverview Files with classic Mac line ends (`\r` alone): findings on
 * their own lines, duplicates found, and the index agreeing with the review
 * about their text (no re-indexing on every refresh, snippets readable).
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService, type ReviewService } from '../../src/pipeline/index.js';
import { indexedFunction } from '../indexer/support.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';

const crOnly = (text: string): string => text.replace(/\n/g, '\r');

describe('files with CR-only line ends', () => {
  let dir: TempDir;
  let service: ReviewService;
  before(async () => {
    dir = await makeTempDir('rg-cr-');
    await mkdir(join(dir.path, 'src'));
    await writeFile(join(dir.path, 'review-guard.config.json'), JSON.stringify({ rules: { naming: 'warning' } }));
    await writeFile(join(dir.path, 'src', 'a.ts'), crOnly(`export const Bad_One = 1;\nexport const Bad_Two = 2;\n${indexedFunction('first')}`));
    await writeFile(join(dir.path, 'src', 'b.ts'), crOnly(indexedFunction('second')));
    service = await createReviewService({ root: dir.path, watch: false });
  });
  after(async () => {
    service.close();
    await dir.remove();
  });

  it('reports each finding on its own line and finds the duplicate', async () => {
    const { findings } = await service.review({ files: ['src/a.ts'] }, { model: false });
    const naming = findings.filter((f) => f.rule === 'naming').map((f) => [f.symbol, f.line]);
    assert.deepEqual(naming, [['Bad_One', 1], ['Bad_Two', 2]]);
    const duplicate = findings.find((f) => f.rule === 'duplicate');
    assert.equal(duplicate?.line, 3);
    assert.equal(duplicate?.related?.[0]?.file, 'src/b.ts');
  });

  it('keeps the index in step with the review: nothing re-indexed, snippets read back', async () => {
    await service.updateIndex();
    const stats = await service.updateIndex();
    assert.equal(stats.indexed, 0, 'the index hashes the text as the review does');
    const [candidate] = await service.searchSimilar({ code: indexedFunction('probe'), language: 'typescript', limit: 1 });
    assert.ok(candidate);
    assert.match(candidate.snippet ?? '', /^export function (first|second)/);
  });
});
