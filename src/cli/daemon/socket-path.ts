/**
 * @fileoverview Where a workspace's daemon listens (the daemon's side only:
 * clients read the path from the state file).
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOCKET_FILE } from './protocol.js';

// sun_path holds 108 bytes on Linux, 104 on macOS and the BSDs, the terminating NUL included.
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

/**
 * Where the daemon of `root` listens: `.review-guard/daemon.sock`, or, when
 * that path is too long for a socket, a short one in an owner-only folder of
 * the temp dir, named by a hash of the root. Undefined when neither fits.
 */
export function socketPathFor(root: string, uid: number): { path: string; inWorkspace: boolean } | undefined {
  const local = join(root, SOCKET_FILE);
  if (Buffer.byteLength(local) <= MAX_SOCKET_PATH_BYTES) return { path: local, inWorkspace: true };
  const short = join(privateTempDir(uid), `${createHash('sha256').update(root).digest('hex').slice(0, 24)}.sock`);
  return Buffer.byteLength(short) <= MAX_SOCKET_PATH_BYTES ? { path: short, inWorkspace: false } : undefined;
}

/** The per-user folder for sockets whose workspace path is too long. */
export function privateTempDir(uid: number): string {
  return join(tmpdir(), `review-guard-${uid}`);
}

