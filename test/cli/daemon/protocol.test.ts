/**
 * What the client and the daemon agree on: when the warm path is on, where
 * the socket goes, which variables must match.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { daemonWanted, decidingEnv, sameEnv } from '../../../src/cli/daemon/protocol.js';
import { privateTempDir, socketPathFor } from '../../../src/cli/daemon/socket-path.js';

describe('daemon protocol', () => {
  it('the warm path is on by default, off in CI unless asked for, off when REVIEW_GUARD_DAEMON=off', () => {
    assert.equal(daemonWanted({}), true);
    assert.equal(daemonWanted({ CI: 'true' }), false);
    assert.equal(daemonWanted({ CI: 'true', REVIEW_GUARD_DAEMON: 'on' }), true);
    assert.equal(daemonWanted({ REVIEW_GUARD_DAEMON: 'off' }), false);
  });

  it('the socket is under .review-guard/ unless that path is too long for a socket', () => {
    assert.deepEqual(socketPathFor('/repo', 1000), { path: '/repo/.review-guard/daemon.sock', inWorkspace: true });
    const deep = `/${'d'.repeat(120)}`;
    const far = socketPathFor(deep, 1000);
    assert.equal(far?.inWorkspace, false);
    assert.ok(far?.path.startsWith(join(privateTempDir(1000), '/')));
    assert.ok(Buffer.byteLength(far!.path) <= 107);
    assert.notEqual(socketPathFor(`${deep}x`, 1000)?.path, far?.path, 'one socket per root');
  });

  it('the model host and review-guard variables must match; the daemon switch and the rest need not', () => {
    const env = decidingEnv({ OLLAMA_HOST: 'h', REVIEW_GUARD_LOG: '/tmp/log', REVIEW_GUARD_DAEMON: 'on', HOME: '/home/u', GIT_DIR: '.git' });
    assert.deepEqual(env, { OLLAMA_HOST: 'h', REVIEW_GUARD_LOG: '/tmp/log' });
    assert.equal(sameEnv(env, { REVIEW_GUARD_LOG: '/tmp/log', OLLAMA_HOST: 'h' }), true);
    assert.equal(sameEnv(env, { OLLAMA_HOST: 'h' }), false);
  });
});
