/**
 * @fileoverview The daemon's own files under `.review-guard/`: its lock
 * (taken exclusively, taken over from a dead or long-gone holder), the
 * place of its socket, and their removal — all through the write guard.
 */
import { lstatSync, mkdirSync, rmSync } from 'node:fs';
import { resolveWorkspacePath, WorkspaceFolder } from '../../pipeline/index.js';
import { lockIsHeld, readDaemonState, readLockHolder, SOCKET_FILE } from './protocol.js';
import { privateTempDir } from './socket-path.js';

const OWN_DIR = '.review-guard';
const LOCK_NAME = 'daemon.lock';

/**
 * Takes `.review-guard/daemon.lock` (created exclusively, holding the pid):
 * false when a live process holds it. A lock whose holder died is taken over.
 */
export async function takeLock(root: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let folder: WorkspaceFolder;
    try {
      folder = await WorkspaceFolder.open(root, OWN_DIR, { create: true });
    } catch {
      return false; // read-only, or a link: no daemon, every call runs in process
    }
    try {
      if (await folder.createExclusive(LOCK_NAME, `${process.pid}\n`)) return true;
      const uid = process.getuid?.() ?? -1;
      if (lockIsHeld(readLockHolder(root, uid), readDaemonState(root, uid))) return false;
      await folder.remove(LOCK_NAME);
    } catch {
      return false;
    } finally {
      await folder.close();
    }
  }
  return false;
}

export async function releaseLock(root: string): Promise<void> {
  if (readLockHolder(root, process.getuid?.() ?? -1)?.pid === process.pid) await removeOwn(root, LOCK_NAME);
}

export async function removeOwn(root: string, name: string): Promise<void> {
  const folder = await WorkspaceFolder.open(root, OWN_DIR, { create: false }).catch(() => undefined);
  if (!folder) return;
  try {
    await folder.remove(name);
  } finally {
    await folder.close();
  }
}

/**
 * Makes the socket's place ready: in `.review-guard/`, no link on the way
 * (the write guard's judgement); in the temp dir, a folder of this user's
 * that nobody else can enter. A socket a dead daemon left is removed.
 */
export function prepareSocketPath(root: string, socket: { path: string; inWorkspace: boolean }, uid: number): boolean {
  try {
    if (socket.inWorkspace) resolveWorkspacePath(root, SOCKET_FILE, 'none');
    else {
      const dir = privateTempDir(uid);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const stats = lstatSync(dir);
      if (!stats.isDirectory() || stats.uid !== uid || (stats.mode & 0o077) !== 0) return false;
    }
    const existing = lstatSync(socket.path, { throwIfNoEntry: false });
    if (existing && !(existing.isSocket() && existing.uid === uid)) return false;
    if (existing) rmSync(socket.path);
    return true;
  } catch {
    return false;
  }
}
