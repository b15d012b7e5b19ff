/**
 * review-guard reviews its own sources: no file over the code-line limit
 * and no copy the index can prove. This keeps the project to the standard
 * it sells (and is the quickest end-to-end check on real code).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService, type ReviewResult } from '../../src/pipeline/index.js';
import { REPO_ROOT } from '../support/sample-repo.js';

const PRODUCT_FOLDERS = ['workspace', 'syntax', 'rules', 'indexer', 'models', 'src'];

describe('review-guard on its own sources', () => {
  let root: string;
  let result: ReviewResult;
  before(async () => {
    // A copy, so the index it writes never lands in the checkout.
    root = await realpath(await mkdtemp(join(tmpdir(), 'rg-self-')));
    for (const folder of PRODUCT_FOLDERS) await cp(join(REPO_ROOT, folder), join(root, folder), { recursive: true });
    const files = execFileSync('git', ['ls-files', ...PRODUCT_FOLDERS.flatMap((f) => [`${f}/*.ts`, `${f}/*.cts`])], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    assert.ok(files.length > 50);
    const service = await createReviewService({ root, watch: false });
    result = await service.review({ files }, { model: false });
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('keeps every file within its own max-lines limit', () => {
    assert.deepEqual(result.findings.filter((f) => f.rule === 'max-lines').map((f) => `${f.file}: ${f.message}`), []);
  });

  // Near copies (warnings) and similar candidates (infos) are left to the maintainers to judge.
  it('holds no copy or parametric copy the index reports without a model', () => {
    const copies = result.findings.filter((f) => f.rule === 'duplicate' && (f.kind === 'copy' || f.kind === 'parametric'));
    assert.deepEqual(copies.map((f) => `${f.file}: ${f.message}`), []);
  });
});
