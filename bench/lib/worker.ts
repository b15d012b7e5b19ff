/**
 * @fileoverview The bench's worker process: runs one in-process measurement
 * (`warm-check`, `incremental` or `heap`) in a fresh Node process, so each
 * starts from the same state and can be profiled on its own, and prints its
 * result as one JSON line on stdout.
 *
 * Usage: node [--expose-gc] dist/bench/lib/worker.js <mode> <root> <input.json> [<profile.cpuprofile>]
 * `input.json`: `{ "files": [relative paths], "count": n, "candidates": k }`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { probeHeap } from './heap-probe.js';
import type { WorkerMode } from './types.js';
import { filesWithChunks, warmIncremental, warmCheck } from './warm.js';

interface WorkerInput {
  readonly files: readonly string[];
  readonly count: number;
  readonly candidates: number;
}

/** Profiles `task` alone (sampling every 500 µs): module loading and setup are left out. */
async function profiled<T>(profileOut: string | undefined, task: () => Promise<T>): Promise<T> {
  if (!profileOut) return task();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await task();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(profileOut, JSON.stringify(profile));
    session.disconnect();
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [mode, root, inputFile, profileOut] = argv as [WorkerMode | undefined, string | undefined, string | undefined, string | undefined];
  if (!mode || !root) throw new Error('usage: worker.js <warm-check|incremental|heap> <root> [input.json] [profile]');
  if (mode === 'heap') {
    process.stdout.write(`${JSON.stringify(await probeHeap(root))}\n`);
    return;
  }
  if (!inputFile) throw new Error(`${mode} needs an input file`);
  const input = JSON.parse(await readFile(inputFile, 'utf8')) as WorkerInput;
  if (mode === 'warm-check') {
    const files = await filesWithChunks(root, input.files, input.count);
    const result = await warmCheck(root, files, input.candidates, (task) => profiled(profileOut, task));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  if (mode === 'incremental') {
    const result = await warmIncremental(root, input.files.slice(0, input.count), (task) => profiled(profileOut, task));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  throw new Error(`unknown worker mode "${String(mode)}"`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bench worker: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
