/**
 * @fileoverview A one-line progress meter for long CLI work on a terminal:
 * count, rate and estimated time left, redrawn a few times a second.
 */

interface ProgressLine {
  update(done: number, total: number): void;
  /** Clears the line so the summary starts on a clean one. */
  end(): void;
}

const REDRAW_MS = 200;

/** A meter on `stream`; silent when it is not a terminal (logs, CI, pipes). */
export function progressLine(stream: NodeJS.WriteStream, label: string, now: () => number = Date.now): ProgressLine {
  const started = now();
  let lastDrawn = 0;
  let drawn = false;
  return {
    update(done, total) {
      if (!stream.isTTY) return;
      const t = now();
      if (t - lastDrawn < REDRAW_MS && done < total) return;
      lastDrawn = t;
      drawn = true;
      stream.write(`\r\x1b[K${formatProgress(label, done, total, t - started)}`);
    },
    end() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}

/** `indexing 120/3571 files · 85 files/s · about 41 s left`. */
export function formatProgress(label: string, done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const parts = [`${label} ${done}/${total} files`];
  if (rate > 0) {
    parts.push(`${rate >= 10 ? Math.round(rate) : rate.toFixed(1)} files/s`);
    if (done < total) parts.push(`about ${formatSeconds((total - done) / rate)} left`);
  }
  return parts.join(' · ');
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}
