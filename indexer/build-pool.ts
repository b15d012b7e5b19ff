/**
 * @fileoverview Prepares many files at once on worker threads (see
 * prepare-file.ts): a full build of a large workspace is CPU-bound in
 * tree-sitter and normalisation, which one thread cannot share. Results come
 * back in job order, so the index applies them exactly as a sequential
 * build would (same labels, same store). Used only with the structural
 * embedder, which a worker rebuilds from its options.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChunkOptions } from './chunker.js';
import type { PreparedFile, PrepareJob } from './prepare-file.js';
import type { StructuralEmbedderOptions } from './structural-embedder.js';

/** What every worker needs to prepare files as the index would. */
export interface PoolSettings {
  readonly chunking: ChunkOptions;
  readonly embedder: Required<StructuralEmbedderOptions>;
}

/** A job's outcome from a worker; `failed` jobs are redone on the caller's thread, which reports the error as usual. */
export type PoolOutcome = PreparedFile | { readonly kind: 'failed'; readonly message: string };

/** Messages between the pool and its workers. */
export interface WorkerRequest {
  readonly first: number;
  readonly jobs: readonly PrepareJob[];
}
export interface WorkerReply {
  readonly first: number;
  readonly outcomes: readonly PoolOutcome[];
}

/** Default worker count: one per core, at most 4 (parsing more at once only adds memory). */
export function defaultThreads(): number {
  return Math.min(os.availableParallelism(), 4);
}

// Jobs per message: large enough to amortise messaging, small enough to balance the workers' load.
const BATCH = 16;

/**
 * Prepares `jobs` on `threads` workers and yields each outcome in job order.
 * Workers are stopped when the iteration ends, also when it ends early.
 */
export async function* prepareInPool(
  jobs: readonly PrepareJob[],
  settings: PoolSettings,
  threads: number,
): AsyncGenerator<PoolOutcome, void, undefined> {
  const outcomes: Array<PoolOutcome | undefined> = new Array(jobs.length);
  let next = 0;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const workers = Array.from({ length: Math.max(1, Math.min(threads, Math.ceil(jobs.length / BATCH))) }, () => {
    const worker = new Worker(new URL('./build-worker.js', import.meta.url), { workerData: settings });
    const dispatch = (): void => {
      if (next >= jobs.length) return;
      const request: WorkerRequest = { first: next, jobs: jobs.slice(next, next + BATCH) };
      next += request.jobs.length;
      worker.postMessage(request);
    };
    worker.on('message', (reply: WorkerReply) => {
      reply.outcomes.forEach((outcome, i) => (outcomes[reply.first + i] = outcome));
      dispatch();
      notify();
    });
    worker.on('error', (error) => {
      failure ??= new Error(`an index build worker failed: ${error.message}`);
      notify();
    });
    dispatch();
    return worker;
  });
  try {
    for (let i = 0; i < jobs.length; i++) {
      while (outcomes[i] === undefined) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const outcome = outcomes[i]!;
      outcomes[i] = undefined; // Applied results are not kept twice.
      yield outcome;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
