/**
 * @fileoverview A build-pool worker (see build-pool.ts): prepares the files
 * it is sent with the settings it was started with and replies per batch.
 * An error on one file is reported as that file's outcome, not thrown, so
 * the caller can redo it and report it the way a sequential build does.
 */
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../syntax/index.js';
import type { PoolOutcome, PoolSettings } from './build-pool.js';
import { prepareFile, type PrepareJob } from './prepare-file.js';
import { StructuralEmbedder } from './embedders/index.js';

const settings = workerData as PoolSettings;
const embedder = new StructuralEmbedder(settings.embedder);

serveJobs<PrepareJob, PoolOutcome>(async (job) => {
  try {
    return await prepareFile(job, settings.chunking, embedder);
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
});
