/**
 * @fileoverview Letting the event loop run between long synchronous steps of
 * a review, so a warm process's heartbeats and a server's other requests
 * are not held up by one costly file. A resolved promise is not enough: its
 * continuation runs before timers and I/O; `setImmediate` is after them.
 */

/** Resolves after the event loop has run its timers and I/O once. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
