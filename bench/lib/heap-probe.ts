/**
 * @fileoverview Memory of the loaded index, measured in a fresh process
 * started with `--expose-gc`: everything is imported first, then the heap
 * is collected before and after each `CodeIndex.open`, so the difference is
 * the index (catalog in the JS heap; vectors in the JS heap for a flat
 * index, or with the HNSW graph in native memory). The index is opened several times and every copy is kept, so
 * the later opens show the marginal cost without one-time costs.
 */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CodeIndex, StructuralEmbedder } from '../../indexer/index.js';
import type { HeapProbeResult, OpenSample } from './types.js';
import { storeDirOf } from './warm.js';

/** Opens measured; the first pays one-time costs. */
const OPENS = 6;

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the heap probe needs node --expose-gc');
  // Twice: the first pass can leave objects that only the second frees (weak callbacks).
  gc();
  gc();
}

/** See the file overview. The index must have been built (its store is read, not rebuilt). */
export async function probeHeap(root: string): Promise<HeapProbeResult> {
  const storeDir = storeDirOf(root);
  const kept: CodeIndex[] = [];
  const opens: OpenSample[] = [];
  for (let i = 0; i < OPENS; i++) {
    collect();
    const before = process.memoryUsage();
    const started = performance.now();
    const index = await CodeIndex.open({ root, embedder: new StructuralEmbedder(), storeDir });
    const openMs = performance.now() - started;
    collect();
    opens.push({ before, after: process.memoryUsage(), openMs });
    kept.push(index);
    if (index.stats().openedFrom !== 'store') throw new Error(`the index was not loaded from its store (${index.stats().openedFrom})`);
  }
  const stats = kept[0]!.stats();
  let hnswFileBytes = 0;
  let metaFileBytes = 0;
  let hnswCapacity = Number.NaN;
  let flatFileBytes = 0;
  for (const name of await readdir(storeDir)) {
    const file = path.join(storeDir, name);
    const size = (await stat(file)).size;
    // Below 20k vectors the index is flat: sparse lists in the JS heap that a load wraps from the file, no graph.
    if (name.endsWith('.flat')) flatFileBytes += size;
    if (name.endsWith('.hnsw')) {
      hnswFileBytes += size;
      hnswCapacity = await storedCapacity(file);
    }
    if (name === 'meta.json') metaFileBytes = size;
  }
  const { files, chunks, dimensions } = stats;
  return { files, chunks, dimensions, opens, hnswFileBytes, hnswCapacity, metaFileBytes, flatFileBytes };
}

/**
 * The slot count an hnswlib file was saved with (its header's 2nd u64,
 * max_elements): loading allocates per-slot tables for all of them.
 */
async function storedCapacity(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(16);
    const { bytesRead } = await handle.read(header, 0, 16, 0);
    return bytesRead === 16 ? Number(header.readBigUInt64LE(8)) : Number.NaN;
  } finally {
    await handle.close();
  }
}
