/**
 * @fileoverview Whether a process exists, for locks whose holder may have
 * died (the index store's write lock, the daemon's lock).
 */

/** Whether process `pid` exists on this host (EPERM: it does, as another user's). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
