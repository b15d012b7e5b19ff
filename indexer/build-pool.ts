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
import { StructuralEmbedder, type Embedder, type StructuralEmbedderOptions } from './embedders/index.js';
import type { SourceEntry } from './walk/index.js';

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

/** What starting a pool reads of the index settings. */
interface PoolStart {
  readonly embedder: Embedder;
  readonly identity: { readonly chunking: ChunkOptions };
  readonly parallel: { readonly threads: number; readonly minFiles: number };
}

/**
 * Worker threads that prepare the files a refresh must read, in their
 * order, when there are enough of them to pay for starting the workers
 * (a full build, a branch switch); undefined to prepare them on the calling thread.
 */
export function startPool(settings: PoolStart, jobs: readonly PrepareJob[]): AsyncGenerator<PoolOutcome, void, undefined> | undefined {
  const { embedder, identity, parallel } = settings;
  if (parallel.threads < 2 || jobs.length < parallel.minFiles || !(embedder instanceof StructuralEmbedder)) return undefined;
  return prepareInPool(jobs, { chunking: identity.chunking, embedder: embedder.options }, parallel.threads);
}

/** The job that prepares `entry`, with the content hash the index holds for it (if any). */
export function prepareJob(settings: { readonly root: string; readonly maxFileBytes: number }, entry: SourceEntry, knownHash: string | undefined): PrepareJob {
  const { root, maxFileBytes } = settings;
  return { root, absPath: entry.absPath, relPath: entry.relPath, language: entry.language, maxFileBytes, ...(knownHash ? { knownHash } : {}) };
}
