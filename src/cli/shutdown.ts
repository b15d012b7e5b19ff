/**
 * @fileoverview Orderly exit for the long-running commands (`serve`): on
 * SIGTERM or SIGINT, say so on stderr, run the command's stop (close the
 * transport, which cancels the requests in flight, and the service's
 * watchers) and exit 0. The index needs no flush: every save replaces the
 * store by rename, so stopping at any point leaves the last complete one.
 * A stop that hangs, or a second signal, exits at once. The same path
 * serves a stdio server whose host went away (stdin closed): nobody is left
 * to read a result, so its work is cancelled and the process exits.
 */

/** Longest wait for `stop` before exiting anyway. */
const STOP_GRACE_MS = 3000;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** For tests: how to exit and how long to wait. */
interface ExitOptions {
  readonly exit?: (code: number) => void;
  readonly graceMs?: number;
}

/**
 * Installs the handlers; `stop` runs once, on the first signal or when the
 * returned function is called with the reason (`the host closed stdin`).
 */
export function exitOnSignals(stop: () => Promise<void>, stderr: NodeJS.WritableStream, options: ExitOptions = {}): (reason: string) => void {
  const { exit = process.exit, graceMs = STOP_GRACE_MS } = options;
  let stopping = false;
  const stopAndExit = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    stderr.write(`review-guard: ${reason}; stopping (requests in flight are cancelled, the index keeps its last save)\n`);
    const grace = setTimeout(() => exit(0), graceMs);
    grace.unref();
    stop().then(
      () => exit(0),
      (error: unknown) => {
        stderr.write(`review-guard: while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
        exit(0);
      },
    );
  };
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (stopping) return exit(signal === 'SIGINT' ? 130 : 143);
      stopAndExit(`${signal} received`);
    });
  }
  return stopAndExit;
}
