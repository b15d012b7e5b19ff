/**
 * What the client and the daemon agree on: when the warm path is on, where
 * the socket goes, which variables must match.
 */
import assert from 'node:assert/strict';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { daemonWanted, decidingEnv, lockIsHeld, sameEnv } from '../../../src/cli/daemon/protocol.js';
import { daemonFilesFor } from '../../../src/cli/daemon/runtime-files.js';
import { makeTempDir, type TempDir } from '../../support/sample-repo.js';

describe('daemon protocol', () => {
  it('the warm path is on by default, off in CI unless asked for, off when REVIEW_GUARD_DAEMON=off', () => {
    assert.equal(daemonWanted({}), true);
    assert.equal(daemonWanted({ CI: 'true' }), false);
    assert.equal(daemonWanted({ CI: 'true', REVIEW_GUARD_DAEMON: 'on' }), true);
    assert.equal(daemonWanted({ REVIEW_GUARD_DAEMON: 'off' }), false);
  });

  describe('where the daemon files live', () => {
    let temp: TempDir;
    before(async () => {
      temp = await makeTempDir('rg-runtime-');
      await mkdir(join(temp.path, 'runtime'), { mode: 0o700 });
      await mkdir(join(temp.path, 'repo'));
      await symlink(join(temp.path, 'repo'), join(temp.path, 'link'));
    });
    after(() => temp.remove());
    const uid = process.getuid?.() ?? 0;

    it("in the user's runtime folder, never in the workspace, one set per root's real path", () => {
      const env = { XDG_RUNTIME_DIR: join(temp.path, 'runtime') };
      const files = daemonFilesFor(join(temp.path, 'repo'), uid, env);
      assert.ok(files);
      assert.equal(files.dir, join(temp.path, 'runtime', 'review-guard'));
      for (const path of [files.state, files.lock, files.socket]) assert.ok(path.startsWith(`${files.dir}/`) && !path.includes('/repo/'), path);
      assert.deepEqual(daemonFilesFor(join(temp.path, 'link'), uid, env), files, 'a link to the root is the same workspace');
      assert.notEqual(daemonFilesFor(temp.path, uid, env)?.socket, files.socket);
      assert.ok(Buffer.byteLength(files.socket) <= 107);
    });

    it('a runtime folder others may enter is passed over for an owner-only folder of the temp dir', async () => {
      await mkdir(join(temp.path, 'open'), { mode: 0o777 });
      const { chmod } = await import('node:fs/promises');
      await chmod(join(temp.path, 'open'), 0o777);
      const files = daemonFilesFor(join(temp.path, 'repo'), uid, { XDG_RUNTIME_DIR: join(temp.path, 'open') });
      assert.ok(files && !files.dir.startsWith(join(temp.path, 'open')), files?.dir);
      assert.match(files.dir, new RegExp(`review-guard-${uid}$`));
    });
  });

  it('a lock dated in the future holds nothing', () => {
    assert.equal(lockIsHeld({ pid: process.ppid, sinceMs: Date.now() + 3600_000 }), false);
    assert.equal(lockIsHeld({ pid: process.ppid, sinceMs: Date.now() - 1000 }), true);
  });

  it('the model host and review-guard variables must match; the daemon switch and the rest need not', () => {
    const env = decidingEnv({ OLLAMA_HOST: 'h', REVIEW_GUARD_LOG: '/tmp/log', REVIEW_GUARD_DAEMON: 'on', HOME: '/home/u', GIT_DIR: '.git' });
    assert.deepEqual(env, { OLLAMA_HOST: 'h', REVIEW_GUARD_LOG: '/tmp/log' });
    assert.equal(sameEnv(env, { REVIEW_GUARD_LOG: '/tmp/log', OLLAMA_HOST: 'h' }), true);
    assert.equal(sameEnv(env, { OLLAMA_HOST: 'h' }), false);
  });
});
