/**
 * @fileoverview REVIEW_GUARD_LOG: a path inside the root is appended to
 * unless a link on its way leads out of the root (then a notice, and the
 * link's target is untouched); an absolute path is the user's own choice.
 */
import assert from 'node:assert/strict';
import { readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { debugLog } from '../../../src/pipeline/model/debug-log.js';
import { createReviewService } from '../../../src/pipeline/index.js';
import { copySampleRepo, makeRootBesideOutside, type TempDir } from '../../support/sample-repo.js';

const CANARY = 'outside the workspace: must stay as it is\n';

describe('REVIEW_GUARD_LOG', () => {
  let tmp: TempDir;
  let root: string;
  let outside: string;
  beforeEach(async () => {
    tmp = await makeRootBesideOutside('rg-debug-log-', { 'outside/log': CANARY });
    root = join(tmp.path, 'repo');
    outside = join(tmp.path, 'outside');
  });
  afterEach(() => tmp.remove());

  it('appends to a file inside the root, one timestamped block per message', async () => {
    const { sink, notice } = debugLog({ REVIEW_GUARD_LOG: 'transcript.log' }, root);
    assert.equal(notice, undefined);
    sink!('first');
    sink!('second');
    assert.match(await readFile(join(root, 'transcript.log'), 'utf8'), /^\S+Z first\n\S+Z second\n$/);
  });

  it('refuses a relative path through a link leading out of the root, with a notice, and writes nothing there', async () => {
    await symlink(join(outside, 'log'), join(root, 'transcript.log'));
    await symlink(outside, join(root, 'logs'));
    for (const name of ['transcript.log', 'logs/log']) {
      const { sink, notice } = debugLog({ REVIEW_GUARD_LOG: name }, root);
      assert.equal(sink, undefined);
      const linked = name.split('/')[0];
      assert.match(notice ?? '', new RegExp(`^REVIEW_GUARD_LOG: \`${linked}\` is a symlink to a (file|folder) outside the workspace root; .*; the model transcript is not written to it$`));
    }
    assert.equal(await readFile(join(outside, 'log'), 'utf8'), CANARY);
  });

  it('an absolute path is the user\'s choice: appended to as given', async () => {
    const { sink } = debugLog({ REVIEW_GUARD_LOG: join(outside, 'log') }, root);
    sink!('hello');
    assert.match(await readFile(join(outside, 'log'), 'utf8'), /^outside the workspace: must stay as it is\n\S+Z hello\n$/);
  });

  it('the refusal reaches the next review as a notice', async () => {
    const repo = await copySampleRepo({ model: { enabled: false } });
    try {
      await symlink(join(outside, 'log'), join(repo.root, 'transcript.log'));
      const service = await createReviewService({ root: repo.root, env: { REVIEW_GUARD_LOG: 'transcript.log' }, watch: false });
      try {
        const result = await service.review({ files: ['src/util/strings.ts'] }, { model: false });
        assert.ok(result.summary.notices?.some((n) => n.startsWith('REVIEW_GUARD_LOG: `transcript.log` is a symlink to a file outside')), JSON.stringify(result.summary.notices));
      } finally {
        service.close();
      }
    } finally {
      await repo.remove();
    }
  });
});
