/**
 * What the client and the daemon agree on: when the warm path is on, where
 * the socket goes, which variables must match.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildIdentity, daemonKey, daemonWanted, decidingEnv, lockIsHeld, sameEnv } from '../../../src/cli/daemon/protocol.cjs';
import { daemonFilesFor } from '../../../src/cli/daemon/runtime-files.cjs';
import { makeTempDir, REPO_ROOT, type TempDir } from '../../support/sample-repo.js';

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
    });
    after(() => temp.remove());
    const uid = process.getuid?.() ?? 0;

    it("in the user's runtime folder, one set per installation and deciding environment, none per workspace", () => {
      const env = { XDG_RUNTIME_DIR: join(temp.path, 'runtime') };
      const files = daemonFilesFor(daemonKey({ HOME: '/a', OLLAMA_HOST: 'h' }), uid, env);
      assert.ok(files);
      assert.equal(files.dir, join(temp.path, 'runtime', 'review-guard'));
      for (const path of [files.state, files.lock, files.socket]) assert.ok(path.startsWith(`${files.dir}/`), path);
      assert.deepEqual(daemonFilesFor(daemonKey({ HOME: '/b', OLLAMA_HOST: 'h', REVIEW_GUARD_DAEMON: 'on' }), uid, env), files, 'variables that decide nothing name the same daemon');
      assert.notEqual(daemonFilesFor(daemonKey({ OLLAMA_HOST: 'other' }), uid, env)?.socket, files.socket, 'another model host: another daemon');
      assert.ok(Buffer.byteLength(files.socket) <= 107);
    });

    it('an installed package is one build wherever it is installed; a checkout is its own', () => {
      // These tests run from a checkout (dist/ of the repository), never from node_modules.
      const { build } = buildIdentity();
      assert.ok(build.startsWith(join(REPO_ROOT, 'dist', 'src')) && /@\d+(\.\d+)?$/.test(build), build);
    });

    it('a runtime folder others may enter is passed over for an owner-only folder of the temp dir', async () => {
      await mkdir(join(temp.path, 'open'), { mode: 0o777 });
      const { chmod } = await import('node:fs/promises');
      await chmod(join(temp.path, 'open'), 0o777);
      const files = daemonFilesFor(daemonKey({}), uid, { XDG_RUNTIME_DIR: join(temp.path, 'open') });
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
