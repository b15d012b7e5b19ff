/**
 * @fileoverview The key that signs a duplicate question's `requestState`,
 * shared by every server process of one workspace, so a retry that reaches
 * another process (two `serve --http` behind one balancer) or a restarted
 * one is still accepted. The state stays tamper-evident (HMAC-SHA256) and
 * time-limited (the codec's expiry); only the key's lifetime changes.
 *
 * Where it comes from: REVIEW_GUARD_STATE_KEY when set (a deployment
 * across machines sets the same value everywhere), else
 * `.review-guard/state-key`: created once with 32 random bytes, owner-only
 * (0600), through the guarded write (no link followed), read through the
 * guarded read, and refused when others may read it. Rotation: a new value
 * (or deleting the file) and a restart of every process; a state signed
 * with the old key is refused once and the client asks again (SECURITY.md).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createWorkspaceFileOnce, readInsideRoot, UserError } from '../pipeline/index.js';

export const STATE_KEY_ENV = 'REVIEW_GUARD_STATE_KEY';
export const STATE_KEY_FILE = '.review-guard/state-key';
/** HMAC-SHA256 wants at least its block's worth of secret; the codec refuses fewer than 32 bytes. */
const MIN_KEY_LENGTH = 32;
/** Owner read/write only. */
const KEY_FILE_MODE = 0o600;

export interface StateKey {
  readonly key: string;
  /** Why the key is this process's own (the key file could not be used), for a notice; absent when shared. */
  readonly notShared?: string;
}

/**
 * The workspace's requestState key. A bad REVIEW_GUARD_STATE_KEY is a
 * UserError (the user set it; starting with another key would hide that);
 * a key file that cannot be used leaves this process a key of its own,
 * with the reason, so the server still serves.
 */
export async function loadStateKey(root: string, env: NodeJS.ProcessEnv): Promise<StateKey> {
  const fromEnv = env[STATE_KEY_ENV]?.trim();
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < MIN_KEY_LENGTH) throw new UserError(`${STATE_KEY_ENV} is ${fromEnv.length} characters: use at least ${MIN_KEY_LENGTH} (e.g. \`openssl rand -hex 32\`)`);
    return { key: fromEnv };
  }
  try {
    return { key: await keyFromFile(root) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { key: randomBytes(32).toString('hex'), notShared: `${reason}; until then only this process accepts the requestState it signs` };
  }
}

async function keyFromFile(root: string): Promise<string> {
  // Created by the first process that gets here; every later one (and a concurrent one) reads that file.
  await createWorkspaceFileOnce(root, STATE_KEY_FILE, `${randomBytes(32).toString('hex')}\n`, { links: 'none', mode: KEY_FILE_MODE });
  const read = await readInsideRoot(root, join(root, STATE_KEY_FILE), { links: 'refuse', maxBytes: 4096 });
  if (!read.ok) throw new UserError(`cannot read ${STATE_KEY_FILE} (${read.problem}): remove it (a new key is created at the next start) or set ${STATE_KEY_ENV}`);
  if ((read.stats.mode & 0o077) !== 0) {
    throw new UserError(`${STATE_KEY_FILE} may be read by other users (mode ${(read.stats.mode & 0o777).toString(8)}): run \`chmod 600 ${STATE_KEY_FILE}\`, or delete it to have a new key created`);
  }
  const key = read.bytes.toString('utf8').trim();
  if (key.length < MIN_KEY_LENGTH) throw new UserError(`${STATE_KEY_FILE} holds ${key.length} characters, fewer than ${MIN_KEY_LENGTH}: delete it to have a new key created`);
  return key;
}
