/**
 * The hook's fast path (`refreshIndex: false`): the stored index is searched
 * without walking the workspace first; an empty index is still built.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService } from '../../src/pipeline/index.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

describe('review without an index refresh', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  it('builds an empty index first, then searches the stored one without walking', async () => {
    const service = await createReviewService({ root: repo.root, watch: false });
    const first = await service.review({ files: ['src/handler/settings.ts'] }, { model: false, refreshIndex: false });
    assert.ok(first.findings.some((f) => f.rule === 'duplicate'), 'an empty index is built before the first search');

    // A copy written behind the index's back: unseen until a refresh walks the workspace.
    const load = await readFile(join(repo.root, 'src', 'config', 'load.ts'), 'utf8');
    await writeFile(join(repo.root, 'src', 'util', 'hidden-copy.ts'), load.replace(/loadConfig/g, 'hiddenCopy').replace(/hasFeature/g, 'hasHiddenFeature'));
    const reviewLoad = (refreshIndex: boolean) => service.review({ files: ['src/config/load.ts'] }, { model: false, refreshIndex });
    const stale = await reviewLoad(false);
    assert.ok(!stale.findings.some((f) => f.related?.some((r) => r.file === 'src/util/hidden-copy.ts')));
    const fresh = await reviewLoad(true);
    assert.ok(fresh.findings.some((f) => f.related?.some((r) => r.file === 'src/util/hidden-copy.ts')));
  });
});
