/**
 * @fileoverview `VectorIndex` on hnswlib-node. Deleted slots are reused
 * (allowReplaceDeleted), so an index that is re-indexed file by file does
 * not grow; capacity doubles when full. Slots of removed vectors that no add
 * reused stay in the graph (marked deleted); when they pass
 * COMPACT_DELETED_FRACTION of the capacity, `compacted` rebuilds the graph
 * from the live vectors (the caller does it before saving).
 *
 * Exactness instead of a separate brute-force path: `ef` is
 * max(4k, 64, min(size, EF_CEILING)). Up to EF_CEILING vectors the candidate
 * list can hold the whole index, so the search visits every node and is as
 * good as an exact scan; above it, ef stays at EF_CEILING for high recall
 * (measured ~1 ms per query at 2 000 × 512-d, ~4 ms at 10 000).
 */
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type hnswlib from 'hnswlib-node';
import type { MaintainedVectorIndex, VectorHit } from './vector-index.js';

type HnswType = InstanceType<typeof hnswlib.HierarchicalNSW>;
type HnswlibModule = typeof hnswlib;

/** How to get hnswlib-node back, for every message that reports it missing. */
export const HNSWLIB_FIX = 'install it with `npm i hnswlib-node` (it compiles with a C++ compiler, make and python3)';

/** hnswlib-node is an optional dependency: absent when its source build failed or was skipped (pnpm). */
export class HnswlibMissingError extends Error {
  override readonly name = 'HnswlibMissingError';
}

const requireHnswlib = (): HnswlibModule => createRequire(import.meta.url)('hnswlib-node') as HnswlibModule;
let loader: () => HnswlibModule = requireHnswlib;
let loaded: { module: HnswlibModule } | { error: string } | undefined;

/**
 * hnswlib-node, loaded on first use: most indexes are small enough for the
 * flat scan, and a cold one-file review should not pay for loading a native
 * module it will not use. Undefined (remembered) when it cannot be loaded.
 */
function hnswlibModule(): HnswlibModule | undefined {
  if (!loaded) {
    try {
      loaded = { module: loader() };
    } catch (error) {
      loaded = { error: (error instanceof Error ? error.message : String(error)).split('\n')[0]! };
    }
  }
  return 'module' in loaded ? loaded.module : undefined;
}

/** Whether HNSW indexes can be made here (hnswlib-node installed and loadable). */
export function hnswAvailable(): boolean {
  return hnswlibModule() !== undefined;
}

/** Test seam: load hnswlib-node with `replacement` until the returned function restores the real loader. */
export function replaceHnswlibLoader(replacement: () => HnswlibModule): () => void {
  loader = replacement;
  loaded = undefined;
  return () => {
    loader = requireHnswlib;
    loaded = undefined;
  };
}

function newHnsw(dimensions: number): HnswType {
  const module = hnswlibModule();
  if (!module) {
    const reason = loaded && 'error' in loaded ? loaded.error : 'not loaded';
    throw new HnswlibMissingError(`an HNSW index needs the optional package hnswlib-node, which cannot be loaded (${reason}): ${HNSWLIB_FIX}`);
  }
  return new module.HierarchicalNSW('cosine', dimensions);
}

/** Build-time graph parameters. */
interface HnswOptions {
  /** Slots allocated up front (default 1024); grows by doubling. */
  readonly initialCapacity?: number;
  /** Graph degree (default 16). */
  readonly m?: number;
  /** Build-time candidate list (default 200). */
  readonly efConstruction?: number;
}

const EF_CEILING = 2000;
const DEFAULT_CAPACITY = 1024;
/** Deleted slots above this share of the capacity make `needsCompaction` true. */
const COMPACT_DELETED_FRACTION = 0.3;
// Fixed so that the same inputs build the same graph.
const RANDOM_SEED = 100;

/** An HNSW cosine index; see the file overview. */
export class HnswIndex implements MaintainedVectorIndex {
  readonly kind = 'hnsw';
  private readonly live: Set<number>;
  /**
   * hnswlib-node takes vectors as plain arrays only (it rejects typed arrays);
   * copying into one reused array is ~10× cheaper than `Array.from` per call.
   * The native call copies it synchronously, so reuse is safe.
   */
  private readonly buffer: number[];

  private constructor(
    private readonly hnsw: HnswType,
    readonly dimensions: number,
    live: Iterable<number>,
    private readonly options: HnswOptions = {},
  ) {
    this.live = new Set(live);
    this.buffer = new Array<number>(dimensions).fill(0);
  }

  /** A new empty index. */
  static create(dimensions: number, options: HnswOptions = {}): HnswIndex {
    const hnsw = newHnsw(dimensions);
    hnsw.initIndex(options.initialCapacity ?? DEFAULT_CAPACITY, options.m ?? 16, options.efConstruction ?? 200, RANDOM_SEED, true);
    return new HnswIndex(hnsw, dimensions, [], options);
  }

  /**
   * Reads an index written by `save`. Throws when the file is unreadable,
   * corrupt or of other dimensions, or lacks one of `liveLabels`.
   * `liveLabels`: the labels the caller knows to be live (from metadata saved
   * with the file); without them every label is probed, ~70 µs each at 512-d.
   */
  static async load(path: string, dimensions: number, liveLabels?: Iterable<number>): Promise<HnswIndex> {
    const hnsw = newHnsw(dimensions);
    try {
      const stored = await storedDimensions(path);
      // hnswlib would read a file of other dimensions without complaint, and misread it.
      if (stored !== dimensions) throw new Error(`it has ${stored} dimensions, expected ${dimensions}`);
      await hnsw.readIndex(path, true);
    } catch (error) {
      throw new Error(`cannot read HNSW index ${path}: ${(error as Error).message}`, { cause: error });
    }
    return new HnswIndex(hnsw, dimensions, liveLabels ? presentLabels(hnsw, liveLabels) : probeLiveLabels(hnsw));
  }

  get size(): number {
    return this.live.size;
  }

  /** Slots allocated: live, deleted and free. */
  get capacity(): number {
    return this.hnsw.getMaxElements();
  }

  /** Slots of removed vectors that no add has reused. */
  get deletedSlots(): number {
    return this.hnsw.getCurrentCount() - this.live.size;
  }

  /** Whether deleted slots exceed COMPACT_DELETED_FRACTION of the capacity. */
  get needsCompaction(): boolean {
    return this.deletedSlots > COMPACT_DELETED_FRACTION * this.capacity;
  }

  /**
   * A new index of the live vectors only, under the same labels, added in
   * label order; its capacity is the smallest power of two (at least the
   * initial capacity) that holds them. Nothing is re-embedded.
   */
  compacted(): HnswIndex {
    let capacity = this.options.initialCapacity ?? DEFAULT_CAPACITY;
    while (capacity < this.live.size) capacity *= 2;
    const next = HnswIndex.create(this.dimensions, { ...this.options, initialCapacity: capacity });
    for (const label of this.labels()) next.add(label, this.get(label)!);
    return next;
  }

  labels(): number[] {
    return [...this.live].sort((a, b) => a - b);
  }

  has(label: number): boolean {
    return this.live.has(label);
  }

  add(label: number, vector: Float32Array): void {
    if (vector.length !== this.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, index has ${this.dimensions}`);
    }
    // With replaceDeleted, re-adding a live label would leave two slots under one label.
    this.remove(label);
    const deletedSlots = this.hnsw.getCurrentCount() - this.live.size;
    if (deletedSlots === 0 && this.hnsw.getCurrentCount() >= this.hnsw.getMaxElements()) {
      this.hnsw.resizeIndex(Math.max(1024, this.hnsw.getMaxElements() * 2));
    }
    this.hnsw.addPoint(this.plain(vector), label, true);
    this.live.add(label);
  }

  remove(label: number): void {
    if (!this.live.delete(label)) return;
    this.hnsw.markDelete(label);
  }

  removeAll(labels: Iterable<number>): void {
    for (const label of labels) this.remove(label);
  }

  search(vector: Float32Array, k: number): VectorHit[] {
    const count = Math.min(k, this.live.size);
    if (count <= 0) return [];
    if (vector.length !== this.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, index has ${this.dimensions}`);
    }
    this.hnsw.setEf(Math.max(count * 4, 64, Math.min(this.live.size, EF_CEILING)));
    const { neighbors, distances } = this.hnsw.searchKnn(this.plain(vector), count);
    // hnswlib's cosine distance is 1 - cos; signed feature hashing can make cos negative.
    return neighbors.map((label, i) => ({ label, score: Math.min(1, Math.max(0, 1 - distances[i]!)) }));
  }

  get(label: number): Float32Array | undefined {
    return this.live.has(label) ? Float32Array.from(this.hnsw.getPoint(label)) : undefined;
  }

  /** `vector` copied into the reused plain array. */
  private plain(vector: Float32Array): number[] {
    const buffer = this.buffer;
    for (let i = 0; i < buffer.length; i++) buffer[i] = vector[i]!;
    return buffer;
  }

  async save(path: string): Promise<void> {
    await this.hnsw.writeIndex(path);
  }
}

/**
 * The vector size recorded in an hnswlib index file. Its header starts with
 * six little-endian u64 fields; the 5th (label offset) minus the 6th (data
 * offset) is the byte size of one float32 vector.
 */
async function storedDimensions(path: string): Promise<number> {
  const header = Buffer.alloc(48);
  const handle = await open(path, 'r');
  try {
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (bytesRead < header.length) throw new Error('file too short for an index header');
  } finally {
    await handle.close();
  }
  return Number(header.readBigUInt64LE(32) - header.readBigUInt64LE(40)) / Float32Array.BYTES_PER_ELEMENT;
}

/** `expected`, after checking the file holds each of them (deleted or not: that needs a probe). */
function presentLabels(hnsw: HnswType, expected: Iterable<number>): number[] {
  const present = new Set(hnsw.getIdsList());
  const labels = [...expected];
  const missing = labels.find((label) => !present.has(label));
  if (missing !== undefined) throw new Error(`vector ${missing} is missing`);
  return labels;
}

/**
 * Labels not marked deleted. hnswlib-node exposes no deleted-flag query, but
 * `getPoint` throws "Label not found" for deleted labels.
 */
function probeLiveLabels(hnsw: HnswType): number[] {
  return hnsw.getIdsList().filter((label) => {
    try {
      hnsw.getPoint(label);
      return true;
    } catch {
      return false;
    }
  });
}
