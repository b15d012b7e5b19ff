/**
 * @fileoverview Rate-limited progress reports: a long build calls back at
 * most once per interval, and always once at the end with done = total, so
 * a caller computing files per second and time left gets steady samples and
 * a final one.
 */

/** Default least time between two progress calls, in ms. */
const DEFAULT_PROGRESS_INTERVAL_MS = 100;

/** Reports `done` of `total` to `onProgress`, at most once per `intervalMs` until the last. */
export class ProgressReporter {
  private last: number;

  constructor(
    private readonly onProgress: ((done: number, total: number) => void) | undefined,
    private readonly total: number,
    private readonly intervalMs = DEFAULT_PROGRESS_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.last = now();
  }

  /** `done` items are finished; reported if the interval has passed or all are done. */
  update(done: number): void {
    if (!this.onProgress) return;
    const now = this.now();
    if (done < this.total && now - this.last < this.intervalMs) return;
    this.last = now;
    this.onProgress(done, this.total);
  }

  /** Reports completion; only needed when there was nothing to do (total 0). */
  finish(): void {
    if (this.total === 0) this.onProgress?.(0, 0);
  }
}
