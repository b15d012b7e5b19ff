/**
 * @fileoverview Runs jobs on worker threads and yields their results in job
 * order, so a caller applies them exactly as a sequential loop would. Jobs
 * go out in batches (amortising messages), two batches per worker at a time
 * (a worker never waits for its next batch). Used by the parse pool
 * (parse-pool.ts) and the index build pool (indexer/build-pool.ts); a worker
 * module answers with `serveJobs`.
 */
import os from 'node:os';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';

interface Request<J> {
  readonly first: number;
  readonly jobs: readonly J[];
}
interface Reply<R> {
  readonly first: number;
  readonly results: readonly R[];
}

/** Default worker count: one per core, at most 4 (parsing more at once only adds memory). */
export function defaultThreads(): number {
  return Math.min(os.availableParallelism(), 4);
}

// Jobs per message: large enough to amortise messaging, small enough to balance the workers' load.
const BATCH = 16;

/**
 * Runs `jobs` on up to `threads` workers started from `workerUrl` with
 * `workerData`, yielding each result in job order. With `helpHere`, the
 * caller's thread takes the next batch itself whenever it would otherwise
 * wait for a result (worth it when the caller has work of its own between
 * results, so its thread would idle in bursts). A worker that fails, or
 * exits by itself, fails the iteration; workers are stopped when the
 * iteration ends, also when it ends early.
 */
export async function* runInOrder<J, R>(
  workerUrl: URL,
  workerData: unknown,
  jobs: readonly J[],
  threads: number,
  helpHere?: (job: J) => R,
): AsyncGenerator<R, void, undefined> {
  const results: Array<{ value: R } | undefined> = new Array(jobs.length);
  let next = 0;
  let failure: Error | undefined;
  /** Set when the iteration ends and stops the workers itself. */
  let stopping = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const workers = Array.from({ length: Math.max(1, Math.min(threads, Math.ceil(jobs.length / BATCH))) }, () => {
    const worker = new Worker(workerUrl, { workerData });
    const dispatch = (): void => {
      if (next >= jobs.length) return;
      const request: Request<J> = { first: next, jobs: jobs.slice(next, next + BATCH) };
      next += request.jobs.length;
      worker.postMessage(request);
    };
    worker.on('message', (reply: Reply<R>) => {
      reply.results.forEach((value, i) => (results[reply.first + i] = { value }));
      dispatch();
      notify();
    });
    worker.on('error', (error) => {
      failure ??= new Error(`a worker thread failed: ${error.message}`);
      notify();
    });
    // A worker that ends by itself (process.exit in it) would leave its batches unanswered: the caller would wait forever.
    worker.on('exit', (code) => {
      if (!stopping) failure ??= new Error(`a worker thread exited (code ${code}) before answering`);
      notify();
    });
    dispatch();
    dispatch();
    return worker;
  });
  try {
    for (let i = 0; i < jobs.length; i++) {
      while (results[i] === undefined) {
        if (failure) throw failure;
        if (helpHere && next < jobs.length) {
          const first = next;
          const batch = jobs.slice(first, first + BATCH);
          next += batch.length;
          batch.forEach((job, k) => (results[first + k] = { value: helpHere(job) }));
          // Let the workers' replies in (each reply hands its worker the next batch).
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const { value } = results[i]!;
      results[i] = undefined; // Yielded results are not kept twice.
      yield value;
    }
  } finally {
    stopping = true;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * The worker side of `runInOrder`: answers each batch with `handle`'s
 * results, in order; `transfer` names buffers to move instead of copy.
 * `handle` reports a job's own failure as a result: a throw ends the worker.
 */
export function serveJobs<J, R>(handle: (job: J) => R | Promise<R>, transfer: (result: R) => Transferable[] = () => []): void {
  parentPort!.on('message', async (request: Request<J>) => {
    const results: R[] = [];
    for (const job of request.jobs) results.push(await handle(job));
    const reply: Reply<R> = { first: request.first, results };
    parentPort!.postMessage(reply, results.flatMap(transfer));
  });
}
