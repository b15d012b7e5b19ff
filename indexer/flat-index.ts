/**
 * @fileoverview An exact `VectorIndex`: unit vectors in one growable
 * Float32Array, scored against every live vector (cosine, since both sides
 * are normalised). Below a few tens of thousands of
 * vectors a scan is a few milliseconds per query and an add is a copy, far
 * cheaper than an HNSW insert; vector-kind.ts picks it below FLAT_MAX_VECTORS.
 * Removed slots are reused by later adds; `compacted` packs the live ones.
 *
 * Stored by dimension (column-major: `data[d * capacity + slot]`), so a scan
 * adds `query[d] × column d` for the query's non-zero dimensions only. The
 * structural embedder's vectors are sparse (a median chunk sets about a
 * fifth of its 512 dimensions), which makes a scan several times cheaper
 * than a dot product per stored row.
 *
 * File format (little-endian): the 8-byte magic `RGFLAT01`, u32 dimensions,
 * u32 count, `count` u32 labels, then `count` × `dimensions` float32.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { MaintainedVectorIndex, VectorHit } from './vector-index.js';

const MAGIC = 'RGFLAT01';
const HEADER_BYTES = 16;
const INITIAL_SLOTS = 1024;
/** Free slots above this share of the used ones make `needsCompaction` true. */
const COMPACT_FREE_FRACTION = 0.3;

/** See the file overview. */
export class FlatIndex implements MaintainedVectorIndex {
  readonly kind = 'flat';
  private data: Float32Array;
  /** Label of each used slot (-1: free). */
  private slotLabels: Int32Array;
  private readonly slots = new Map<number, number>();
  private readonly free: number[] = [];
  /** Slots ever used (live or free); the scan covers these. */
  private used = 0;
  /** Slots the columns have room for. */
  private capacity: number;
  /** Per-slot scores of the running search, reused between searches. */
  private scores = new Float64Array(0);

  private constructor(
    readonly dimensions: number,
    capacity: number,
  ) {
    this.capacity = capacity;
    this.data = new Float32Array(capacity * dimensions);
    this.slotLabels = new Int32Array(capacity).fill(-1);
  }

  /** A new empty index with room for `capacity` vectors before it grows. */
  static create(dimensions: number, capacity = INITIAL_SLOTS): FlatIndex {
    return new FlatIndex(dimensions, Math.max(1, capacity));
  }

  /**
   * Reads a file written by `save`. Throws when it is unreadable, corrupt, of
   * other dimensions, or lacks one of `liveLabels` (labels it holds beyond
   * them are dropped: the caller's metadata says they were deleted).
   */
  static async load(path: string, dimensions: number, liveLabels?: Iterable<number>): Promise<FlatIndex> {
    try {
      const bytes = await readFile(path);
      if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 8) !== MAGIC) throw new Error('not a flat vector file');
      const stored = bytes.readUInt32LE(8);
      const count = bytes.readUInt32LE(12);
      if (stored !== dimensions) throw new Error(`it has ${stored} dimensions, expected ${dimensions}`);
      const vectorsAt = HEADER_BYTES + 4 * count;
      if (bytes.length !== vectorsAt + 4 * count * dimensions) throw new Error('file size does not match its header');
      // Views need 4-byte alignment: a file's own buffer has it, a slice of Node's shared pool may not (then copy).
      const own = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
      const labels = new Uint32Array(own.buffer, own.byteOffset + HEADER_BYTES, count);
      const vectors = new Float32Array(own.buffer, own.byteOffset + vectorsAt, count * dimensions);
      const wanted = liveLabels ? new Set(liveLabels) : undefined;
      // The last row of a label wins, as when the rows are added one by one.
      const rowOf = new Map<number, number>();
      for (let i = 0; i < count; i++) if (!wanted || wanted.has(labels[i]!)) rowOf.set(labels[i]!, i);
      const rows = [...rowOf.values()].sort((a, b) => a - b);
      const index = FlatIndex.create(dimensions, rows.length);
      index.fill(labels, vectors, rows);
      const missing = wanted && [...wanted].find((label) => !index.has(label));
      if (missing !== undefined) throw new Error(`vector ${missing} is missing`);
      return index;
    } catch (error) {
      throw new Error(`cannot read flat vector index ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  get size(): number {
    return this.slots.size;
  }

  get needsCompaction(): boolean {
    return this.free.length > COMPACT_FREE_FRACTION * Math.max(this.used, INITIAL_SLOTS);
  }

  /** The live vectors packed into a new index, in label order. */
  compacted(): FlatIndex {
    const next = FlatIndex.create(this.dimensions, this.slots.size);
    for (const label of this.labels()) next.put(label, this.row(this.slots.get(label)!));
    return next;
  }

  /** Live labels in ascending order. */
  labels(): number[] {
    return [...this.slots.keys()].sort((a, b) => a - b);
  }

  has(label: number): boolean {
    return this.slots.has(label);
  }

  add(label: number, vector: Float32Array): void {
    if (vector.length !== this.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, index has ${this.dimensions}`);
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
    // Normalised like hnswlib's cosine space; a zero vector stays zero (it matches nothing).
    this.put(label, vector, norm > 0 && norm !== 1 ? 1 / Math.sqrt(norm) : 1);
  }

  remove(label: number): void {
    const slot = this.slots.get(label);
    if (slot === undefined) return;
    this.slots.delete(label);
    this.slotLabels[slot] = -1;
    this.free.push(slot);
  }

  removeAll(labels: Iterable<number>): void {
    for (const label of labels) this.remove(label);
  }

  get(label: number): Float32Array | undefined {
    const slot = this.slots.get(label);
    return slot === undefined ? undefined : this.row(slot);
  }

  search(vector: Float32Array, k: number): VectorHit[] {
    const count = Math.min(k, this.slots.size);
    if (count <= 0) return [];
    if (vector.length !== this.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, index has ${this.dimensions}`);
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const { data, capacity, used, slotLabels } = this;
    if (this.scores.length < used) this.scores = new Float64Array(this.capacity);
    const scores = this.scores.fill(0, 0, used);
    for (let d = 0; d < vector.length; d++) {
      const weight = vector[d]! * scale;
      if (weight === 0) continue;
      const column = d * capacity;
      for (let slot = 0; slot < used; slot++) scores[slot]! += weight * data[column + slot]!;
    }
    const top = new TopK(count);
    for (let slot = 0; slot < used; slot++) {
      const label = slotLabels[slot]!;
      if (label >= 0) top.offer(label, scores[slot]!);
    }
    return top.sorted().map(({ label, score }) => ({ label, score: Math.min(1, Math.max(0, score)) }));
  }

  async save(path: string): Promise<void> {
    const labels = this.labels();
    const header = Buffer.alloc(HEADER_BYTES);
    header.write(MAGIC, 0, 'latin1');
    header.writeUInt32LE(this.dimensions, 8);
    header.writeUInt32LE(labels.length, 12);
    const vectors = new Float32Array(labels.length * this.dimensions);
    labels.forEach((label, i) => vectors.set(this.row(this.slots.get(label)!), i * this.dimensions));
    const labelBytes = Buffer.from(Uint32Array.from(labels).buffer);
    await writeFile(path, Buffer.concat([header, labelBytes, Buffer.from(vectors.buffer)]));
  }

  /** Stores `vector` × `scale` under `label` (replacing it); returns its slot. */
  private put(label: number, vector: Float32Array, scale = 1): number {
    this.remove(label);
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.used === this.capacity) this.grow();
      slot = this.used++;
    }
    const { data, capacity } = this;
    for (let d = 0; d < vector.length; d++) data[d * capacity + slot] = vector[d]! * scale;
    this.slotLabels[slot] = label;
    this.slots.set(label, slot);
    return slot;
  }

  /**
   * Puts rows `rows` of the row-major `vectors` (labelled by `labels`) into
   * this empty index, in order. Transposed a block of rows at a time: one
   * column write per vector and dimension would touch a new cache line each.
   */
  private fill(labels: Uint32Array, vectors: Float32Array, rows: readonly number[]): void {
    const { data, capacity, dimensions } = this;
    const BLOCK = 64;
    for (let first = 0; first < rows.length; first += BLOCK) {
      const last = Math.min(rows.length, first + BLOCK);
      for (let d = 0; d < dimensions; d++) {
        const column = d * capacity;
        for (let slot = first; slot < last; slot++) data[column + slot] = vectors[rows[slot]! * dimensions + d]!;
      }
    }
    for (const [slot, row] of rows.entries()) {
      this.slotLabels[slot] = labels[row]!;
      this.slots.set(labels[row]!, slot);
    }
    this.used = rows.length;
  }

  /** The vector in `slot`, gathered from the columns. */
  private row(slot: number): Float32Array {
    const row = new Float32Array(this.dimensions);
    for (let d = 0; d < row.length; d++) row[d] = this.data[d * this.capacity + slot]!;
    return row;
  }

  private grow(): void {
    const capacity = Math.max(INITIAL_SLOTS, this.capacity * 2);
    const data = new Float32Array(capacity * this.dimensions);
    for (let d = 0; d < this.dimensions; d++) data.set(this.data.subarray(d * this.capacity, d * this.capacity + this.used), d * capacity);
    const slotLabels = new Int32Array(capacity).fill(-1);
    slotLabels.set(this.slotLabels);
    this.data = data;
    this.slotLabels = slotLabels;
    this.capacity = capacity;
  }
}

/** The best `k` (label, score) pairs offered: a min-heap on score, ties to the lower label. */
class TopK {
  private readonly labels: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly k: number) {}

  offer(label: number, score: number): void {
    const { labels, scores } = this;
    if (labels.length < this.k) {
      labels.push(label);
      scores.push(score);
      this.up(labels.length - 1);
    } else if (this.worse(0, label, score)) {
      labels[0] = label;
      scores[0] = score;
      this.down(0);
    }
  }

  /** Best first; equal scores by ascending label. */
  sorted(): VectorHit[] {
    return this.labels
      .map((label, i) => ({ label, score: this.scores[i]! }))
      .sort((a, b) => b.score - a.score || a.label - b.label);
  }

  /** Whether the entry at `i` ranks below (label, score). */
  private worse(i: number, label: number, score: number): boolean {
    const s = this.scores[i]!;
    return s < score || (s === score && this.labels[i]! > label);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, this.labels[parent]!, this.scores[parent]!)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.labels.length;
    for (;;) {
      let worst = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < n && this.worse(child, this.labels[worst]!, this.scores[worst]!)) worst = child;
      }
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(a: number, b: number): void {
    [this.labels[a], this.labels[b]] = [this.labels[b]!, this.labels[a]!];
    [this.scores[a], this.scores[b]] = [this.scores[b]!, this.scores[a]!];
  }
}
