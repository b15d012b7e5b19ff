/**
 * @fileoverview Prepares many files at once on worker threads (see
 * prepare-file.ts): a full build of a large workspace is CPU-bound in
 * tree-sitter and normalisation, which one thread cannot share. Results come
 * back in job order (syntax/ordered-pool.ts), so the index applies them
 * exactly as a sequential build would (same labels, same store). Used only
 * with the structural embedder, which a worker rebuilds from its options.
 */
import { runInOrder } from '../syntax/index.js';
import type { ChunkOptions } from './chunks/index.js';
import type { PreparedFile, PrepareJob } from './prepare-file.js';
import type { StructuralEmbedderOptions } from './embedders/index.js';

/** What every worker needs to prepare files as the index would. */
export interface PoolSettings {
  readonly chunking: ChunkOptions;
  readonly embedder: Required<StructuralEmbedderOptions>;
}

/** A job's outcome from a worker; `failed` jobs are redone on the caller's thread, which reports the error as usual. */
export type PoolOutcome = PreparedFile | { readonly kind: 'failed'; readonly message: string };

/**
 * Prepares `jobs` on `threads` workers and yields each outcome in job order.
 * Workers are stopped when the iteration ends, also when it ends early.
 */
export function prepareInPool(jobs: readonly PrepareJob[], settings: PoolSettings, threads: number): AsyncGenerator<PoolOutcome, void, undefined> {
  return runInOrder<PrepareJob, PoolOutcome>(new URL('./build-worker.js', import.meta.url), settings, jobs, threads);
}
