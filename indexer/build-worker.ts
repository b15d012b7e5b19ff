/**
 * @fileoverview A build-pool worker (see build-pool.ts): prepares the files
 * it is sent with the settings it was started with and replies per batch.
 * An error on one file is reported as that file's outcome, not thrown, so
 * the caller can redo it and report it the way a sequential build does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PoolOutcome, PoolSettings, WorkerReply, WorkerRequest } from './build-pool.js';
import { prepareFile } from './prepare-file.js';
import { StructuralEmbedder } from './structural-embedder.js';

const settings = workerData as PoolSettings;
const embedder = new StructuralEmbedder(settings.embedder);

parentPort!.on('message', async (request: WorkerRequest) => {
  const outcomes: PoolOutcome[] = [];
  for (const job of request.jobs) {
    try {
      outcomes.push(await prepareFile(job, settings.chunking, embedder));
    } catch (error) {
      outcomes.push({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
  const reply: WorkerReply = { first: request.first, outcomes };
  parentPort!.postMessage(reply);
});
