/**
 * @fileoverview Racing work against an AbortSignal. The loop's budget must
 * hold even when a port ignores the signal it was given (a slow index, an
 * LlmClient that does not pass the signal on), so the loop stops waiting.
 */

/** Settles like `work`, or rejects with `signal.reason` as soon as the signal aborts. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
