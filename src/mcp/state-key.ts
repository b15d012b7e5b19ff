/**
 * @fileoverview The key that signs a duplicate question's `requestState`,
 * shared by every server process of this user, so a retry that reaches
 * another process (two `serve --http` behind one balancer) or a restarted
 * one is still accepted. The state stays tamper-evident (HMAC-SHA256),
 * time-limited (the codec's expiry) and bound to its workspace and
 * arguments (review-tool.ts); only the key's lifetime changes.
 *
 * Where it comes from: REVIEW_GUARD_STATE_KEY when set (a deployment
 * across machines sets the same value everywhere), else a file in the
 * user's state folder — `$XDG_STATE_HOME/review-guard/state-key` (default
 * `~/.local/state`), `%LOCALAPPDATA%\review-guard\state-key` on Windows —
 * created once with 32 random bytes, owner-only, in an owner-only folder.
 * Never from the workspace: a key shipped in a repository is known to its
 * author (SECURITY.md). Rotation: a new value (or deleting the file) and a
 * restart of every process; a state signed with the old key is refused
 * once and the client asks again.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { UserError } from '../pipeline/index.js';

export const STATE_KEY_ENV = 'REVIEW_GUARD_STATE_KEY';
/** HMAC-SHA256 wants at least its block's worth of secret; the codec refuses fewer than 32 bytes. */
const MIN_KEY_LENGTH = 32;
const MAX_KEY_FILE_BYTES = 4096;
const POSIX = process.platform !== 'win32';

export interface StateKey {
  readonly key: string;
  /** Why the key is this process's own (the key file could not be used), for a notice; absent when shared. */
  readonly notShared?: string;
}

/**
 * The user's requestState key. A bad REVIEW_GUARD_STATE_KEY is a UserError
 * (the user set it; starting with another key would hide that); a key file
 * that cannot be used leaves this process a key of its own, with the
 * reason, so the server still serves.
 */
export function loadStateKey(env: NodeJS.ProcessEnv): StateKey {
  const fromEnv = env[STATE_KEY_ENV]?.trim();
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < MIN_KEY_LENGTH) throw new UserError(`${STATE_KEY_ENV} is ${fromEnv.length} characters: use at least ${MIN_KEY_LENGTH} (e.g. \`openssl rand -hex 32\`)`);
    return { key: fromEnv };
  }
  try {
    const path = stateKeyPath(env);
    if (!path) throw new UserError(`no per-user folder for the key (neither XDG_STATE_HOME nor HOME${POSIX ? '' : ' nor LOCALAPPDATA'} is set): set ${STATE_KEY_ENV}`);
    return { key: keyFromFile(path) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { key: randomBytes(32).toString('hex'), notShared: `${reason}; until then only this process accepts the requestState it signs` };
  }
}

/** Where the user's key file lives, or undefined when the environment names no per-user folder. */
export function stateKeyPath(env: NodeJS.ProcessEnv): string | undefined {
  const absolute = (value: string | undefined) => (value && isAbsolute(value) ? value : undefined);
  const base = POSIX ? (absolute(env['XDG_STATE_HOME']) ?? (absolute(env['HOME']) && join(env['HOME']!, '.local', 'state'))) : absolute(env['LOCALAPPDATA']);
  return base ? join(base, 'review-guard', 'state-key') : undefined;
}

function keyFromFile(path: string): string {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (POSIX) {
    const stats = lstatSync(folder);
    if (!stats.isDirectory() || stats.uid !== process.getuid?.() || (stats.mode & 0o077) !== 0) {
      throw new UserError(`${folder} is not a folder of yours that only you may enter: run \`chmod 700 ${folder}\` (or remove it), or set ${STATE_KEY_ENV}`);
    }
  }
  createOnce(path, `${randomBytes(32).toString('hex')}\n`);
  const key = readOwnerOnly(path).trim();
  if (key.length < MIN_KEY_LENGTH) throw new UserError(`${path} holds ${key.length} characters, fewer than ${MIN_KEY_LENGTH}: delete it to have a new key created`);
  return key;
}

/** Writes `text` to `path` unless it exists: a temp file made 0600 first, linked to the name, so processes starting together end with one key. */
function createOnce(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

function readOwnerOnly(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | (POSIX ? constants.O_NOFOLLOW : 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > MAX_KEY_FILE_BYTES) throw new UserError(`${path} is not a key file: delete it to have a new key created`);
    if (POSIX && (stats.uid !== process.getuid?.() || (stats.mode & 0o077) !== 0)) {
      throw new UserError(`${path} may be read by others (mode ${(stats.mode & 0o777).toString(8)}): run \`chmod 600 ${path}\`, or delete it to have a new key created`);
    }
    const bytes = Buffer.alloc(stats.size);
    return bytes.subarray(0, readSync(fd, bytes, 0, stats.size, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
