/**
 * @fileoverview The daemon's side of its runtime files (runtime-files.cts):
 * the lock (taken exclusively, taken over from a dead or long-gone holder),
 * the socket's place, the state file (written whole, owner-only) and their
 * removal. Nothing here touches the workspace.
 */
import { lstatSync, openSync, closeSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { isOwnSocket, lockIsHeld, readDaemonState, readLockHolder, type DaemonState } from './protocol.cjs';
import { preparePrivateDir, type DaemonFiles } from './runtime-files.cjs';

/** Takes the lock (created exclusively, holding the pid): false when a live process holds it. */
export function takeLock(files: DaemonFiles, uid: number): boolean {
  if (!preparePrivateDir(files, uid)) return false;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(files.lock, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    if (lockIsHeld(readLockHolder(files, uid), readDaemonState(files, uid))) return false;
    rmSync(files.lock, { force: true });
  }
  return false;
}

export function releaseLock(files: DaemonFiles, uid: number): void {
  if (readLockHolder(files, uid)?.pid === process.pid) rmSync(files.lock, { force: true });
}

/** Makes the socket's place ready; a socket a dead daemon left is removed, anything else there is refused. */
export function prepareSocketPath(files: DaemonFiles, uid: number): boolean {
  try {
    const existing = lstatSync(files.socket, { throwIfNoEntry: false });
    if (existing && !(existing.isSocket() && existing.uid === uid)) return false;
    if (existing) rmSync(files.socket);
    return true;
  } catch {
    return false;
  }
}

/** Writes the state file whole (a reader never sees half of it), owner-only. */
export function writeState(files: DaemonFiles, state: DaemonState): void {
  const temp = `${files.state}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600, flag: 'wx' });
  renameSync(temp, files.state);
}

/** Removes the state file when it is still this start's. */
export function removeState(files: DaemonFiles, token: string, uid: number): void {
  if (readDaemonState(files, uid)?.token === token) rmSync(files.state, { force: true });
}

/** Removes the state file, socket and lock of this start, each on its own. */
export function removeDaemonFiles(files: DaemonFiles, token: string, uid: number): void {
  for (const step of [() => removeState(files, token, uid), () => isOwnSocket(files.socket, uid) && rmSync(files.socket, { force: true }), () => releaseLock(files, uid)]) {
    try {
      step();
    } catch {
      // each on its own: the next start takes over what is left
    }
  }
}
