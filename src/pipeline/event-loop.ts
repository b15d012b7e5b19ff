/**
 * @fileoverview Letting the event loop run between long synchronous steps of
 * a review, so a warm process's heartbeats and a server's other requests
 * are not held up by one costly file. A resolved promise is not enough: its
 * continuation runs before timers and I/O; `setImmediate` is after them.
 * Paced: an ordinary single-file review (the hook's hot path) never
 * reaches the slice and never pays for a turn of the loop.
 */
import { performance } from 'node:perf_hooks';

/** Longest stretch of synchronous work between two turns of the loop (well under the daemon's 250 ms heartbeat). */
const SLICE_MS = 50;
let sliceStart = performance.now();

/** Lets timers and I/O run when this process has worked SLICE_MS since they last could. */
export async function yieldWhenBusy(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}
