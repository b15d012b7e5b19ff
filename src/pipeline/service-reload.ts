/**
 * @fileoverview The long-lived server's one review service, created on
 * first use and created again once the config file or package.json changes
 * on disk (size, mtime or inode): an edited config (a rule turned off,
 * `hook.block`) applies from the next call, and fixing a broken file needs
 * no restart. While nothing changed, callers get the same service, or the
 * same error, for a few stats per call.
 */
import { statSync } from 'node:fs';
import { configPaths } from './config/index.js';
import { createReviewService, type ReviewService, type ServiceOptions } from './service.js';

interface ServiceSlot {
  /** Each call: the service, or the config error while the files are as they were when it failed. */
  get(): Promise<ReviewService>;
  /** Stops the service, if one was created. */
  close(): Promise<void>;
}

interface Attempt {
  readonly service: Promise<ReviewService>;
  /** The config files as they were just before this attempt read them. */
  readonly stamp: string;
  failed: boolean;
}

export function reloadingService(options: ServiceOptions): ServiceSlot {
  let attempt: Attempt | undefined;
  let checking: Promise<ReviewService> | undefined;
  const retry = async (): Promise<ReviewService> => {
    // Stamped before reading: a change made while the config loads is seen by the next call.
    const stamp = configStamp(options.root);
    if (attempt && attempt.stamp === stamp) return attempt.service;
    const next: Attempt = { service: createReviewService(options), stamp, failed: false };
    next.service.catch(() => (next.failed = true));
    const previous = attempt;
    attempt = next;
    // Closing only stops the old index's watcher (it stays usable), so a call the old service is still answering completes.
    if (previous && !previous.failed) void previous.service.then((old) => old.close(), () => undefined);
    return next.service;
  };
  return {
    get() {
      // One look at the files at a time, however many requests arrive together.
      return (checking ??= retry().finally(() => (checking = undefined)));
    },
    async close() {
      (await attempt?.service.catch(() => undefined))?.close();
    },
  };
}

/**
 * Size, mtime and inode of each config file ('-' when absent): any edit or
 * replacement changes it. Synchronous: two stats cost microseconds, where
 * the promise API's thread pool and the error for a missing file cost the
 * hook a millisecond and more on every call.
 */
function configStamp(root: string): string {
  return configPaths(root)
    .map((path) => {
      try {
        const s = statSync(path, { bigint: true, throwIfNoEntry: false });
        return s ? `${s.size}:${s.mtimeNs}:${s.ino}` : '-';
      } catch {
        return '-';
      }
    })
    .join('|');
}
