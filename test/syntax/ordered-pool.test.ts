/**
 * @fileoverview The ordered worker pool: results in job order, and a worker
 * that fails or ends by itself fails the iteration instead of leaving the
 * caller waiting.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runInOrder } from '../../syntax/ordered-pool.js';

const POOL = new URL('../../syntax/ordered-pool.js', import.meta.url).href;

describe('runInOrder', () => {
  let dir: string;
  const worker = async (name: string, body: string): Promise<URL> => {
    const file = join(dir, name);
    await writeFile(file, body);
    return pathToFileURL(file);
  };
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rg-ordered-pool-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const collect = async <R>(results: AsyncIterable<R>): Promise<R[]> => {
    const all: R[] = [];
    for await (const result of results) all.push(result);
    return all;
  };

  it('yields every result in job order, helped by the caller or not', async () => {
    const square = await worker('square.mjs', `import { serveJobs } from ${JSON.stringify(POOL)};\nserveJobs((n) => n * n);\n`);
    const jobs = Array.from({ length: 100 }, (_, i) => i);
    const expected = jobs.map((n) => n * n);
    assert.deepEqual(await collect(runInOrder(square, undefined, jobs, 2)), expected);
    assert.deepEqual(await collect(runInOrder(square, undefined, jobs, 2, (n: number) => n * n)), expected);
  });

  it('fails, naming the cause, when a worker throws or exits by itself', async () => {
    const throwing = await worker('throws.mjs', `import { serveJobs } from ${JSON.stringify(POOL)};\nserveJobs(() => { throw new Error('boom'); });\n`);
    await assert.rejects(collect(runInOrder(throwing, undefined, [1, 2, 3], 1)), /a worker thread failed: boom/);
    const exiting = await worker('exits.mjs', `import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(0));\n`);
    await assert.rejects(collect(runInOrder(exiting, undefined, [1, 2, 3], 1)), /a worker thread exited \(code 0\) before answering/);
  });
});
