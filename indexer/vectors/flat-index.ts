/**
 * @fileoverview An exact `VectorIndex`: unit vectors scored against every
 * live vector (cosine, since both sides are normalised). Below a few tens
 * of thousands of vectors a scan costs about a millisecond per query at
 * most (0.3 ms on typeorm's 4,431) and an add is an append, far cheaper
 * than an HNSW insert; vector-kind.ts picks it below FLAT_MAX_VECTORS.
 *
 * The vectors sit in inverted lists by slot (inverted-lists.ts): a scan
 * reads only their non-zero values, with each slot's sum bit-identical to
 * a dense scan's. Slots are append-only, which the lists need: `remove`
 * marks a slot dead and its values stay, skipped when the best are picked,
 * until `compacted` drops them (`needsCompaction` says when they waste
 * enough). A save writes dead slots as they are (label DEAD_LABEL), so
 * saving after a one-file update copies no live vector.
 *
 * File format (little-endian): the 8-byte magic `RGFLAT02`, u32 dimensions,
 * u32 count, `count` u32 labels (slot by slot), then the lists as
 * inverted-lists.ts describes, which `load` wraps rather than transposes.
 * Earlier versions wrote `RGFLAT01`: the same header and labels, then
 * `count` × `dimensions` float32 rows; still read (converted, so slower).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { InvertedLists } from './inverted-lists.js';
import type { MaintainedVectorIndex, VectorHit } from './vector-index.js';

const MAGIC = 'RGFLAT02';
const ROWS_MAGIC = 'RGFLAT01';
const HEADER_BYTES = 16;
/** A dead slot's label in a file: a slot's label of -1 written as u32. */
const DEAD_LABEL = 0xffffffff;
const INITIAL_SLOTS = 1024;
/** Dead slots above this share of the used ones make `needsCompaction` true. */
const COMPACT_FREE_FRACTION = 0.3;

/** See the file overview. */
export class FlatIndex implements MaintainedVectorIndex {
  readonly kind = 'flat';
  /** Label of each used slot (-1: dead). */
  private slotLabels: Int32Array;
  private readonly slots = new Map<number, number>();
  /** Per-slot scores of the running search, reused between searches. */
  private scores = new Float64Array(0);

  private constructor(
    readonly dimensions: number,
    private readonly vectors: InvertedLists,
    capacity: number,
  ) {
    this.slotLabels = new Int32Array(capacity).fill(-1);
  }

  /** A new empty index with room for `capacity` vectors before its slot tables grow. */
  static create(dimensions: number, capacity = INITIAL_SLOTS): FlatIndex {
    const slots = Math.max(1, capacity);
    return new FlatIndex(dimensions, InvertedLists.create(dimensions, slots), slots);
  }

  /**
   * Reads a file written by `save` (or an earlier version's). Throws when it
   * is unreadable, corrupt, of other dimensions, or lacks one of
   * `liveLabels` (labels it holds beyond them are dropped: the caller's
   * metadata says they were deleted).
   */
  static async load(path: string, dimensions: number, liveLabels?: Iterable<number>): Promise<FlatIndex> {
    try {
      return FlatIndex.fromBytes(await readFile(path), dimensions, liveLabels);
    } catch (error) {
      throw new Error(`cannot read flat vector index ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** {@link load} from a flat vector file's bytes already read; throws for the same damage. */
  static fromBytes(bytes: Buffer, dimensions: number, liveLabels?: Iterable<number>): FlatIndex {
    const magic = bytes.length < HEADER_BYTES ? undefined : bytes.toString('latin1', 0, 8);
    if (magic !== MAGIC && magic !== ROWS_MAGIC) throw new Error('not a flat vector file');
    const stored = bytes.readUInt32LE(8);
    const count = bytes.readUInt32LE(12);
    if (stored !== dimensions) throw new Error(`it has ${stored} dimensions, expected ${dimensions}`);
    const vectorsAt = HEADER_BYTES + 4 * count;
    if (bytes.length < vectorsAt) throw new Error('file size does not match its header');
    // Views need 4-byte alignment: a file's own buffer has it, a slice of Node's shared pool may not (then copy).
    const own = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
    const vectors =
      magic === MAGIC
        ? InvertedLists.read(own, vectorsAt, dimensions, count)
        : InvertedLists.fromRows(rowsOf(own, vectorsAt, count * dimensions), dimensions);
    const index = new FlatIndex(dimensions, vectors, Math.max(1, count));
    const labels = new Uint32Array(own.buffer, own.byteOffset + HEADER_BYTES, count);
    const wanted = liveLabels ? new Set(liveLabels) : undefined;
    // A later slot of a label replaces an earlier one, as when the vectors are added one by one.
    for (let slot = 0; slot < count; slot++) {
      const label = labels[slot]!;
      if (label !== DEAD_LABEL && (!wanted || wanted.has(label))) index.assign(slot, label);
    }
    const missing = wanted && [...wanted].find((label) => !index.has(label));
    if (missing !== undefined) throw new Error(`vector ${missing} is missing`);
    return index;
  }

  get size(): number {
    return this.slots.size;
  }

  get needsCompaction(): boolean {
    const used = this.vectors.count;
    return used - this.slots.size > COMPACT_FREE_FRACTION * Math.max(used, INITIAL_SLOTS);
  }

  /** The live vectors in a new index without dead slots (in the same order). */
  compacted(): FlatIndex {
    const live: number[] = [];
    for (let slot = 0; slot < this.vectors.count; slot++) if (this.slotLabels[slot]! >= 0) live.push(slot);
    const next = new FlatIndex(this.dimensions, this.vectors.compacted(live), Math.max(1, live.length));
    live.forEach((slot, i) => next.assign(i, this.slotLabels[slot]!));
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
    const slot = this.vectors.append(vector, norm > 0 && norm !== 1 ? 1 / Math.sqrt(norm) : 1);
    if (slot === this.slotLabels.length) {
      const slotLabels = new Int32Array(2 * slot).fill(-1);
      slotLabels.set(this.slotLabels);
      this.slotLabels = slotLabels;
    }
    this.assign(slot, label);
  }

  remove(label: number): void {
    const slot = this.slots.get(label);
    if (slot === undefined) return;
    this.slots.delete(label);
    this.slotLabels[slot] = -1;
  }

  removeAll(labels: Iterable<number>): void {
    for (const label of labels) this.remove(label);
  }

  get(label: number): Float32Array | undefined {
    const slot = this.slots.get(label);
    return slot === undefined ? undefined : this.vectors.row(slot);
  }

  search(vector: Float32Array, k: number): VectorHit[] {
    const count = Math.min(k, this.slots.size);
    if (count <= 0) return [];
    if (vector.length !== this.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, index has ${this.dimensions}`);
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
    const used = this.vectors.count;
    if (this.scores.length < used) this.scores = new Float64Array(this.slotLabels.length);
    const scores = this.scores.fill(0, 0, used);
    this.vectors.addScores(vector, norm > 0 ? 1 / Math.sqrt(norm) : 0, scores);
    const top = new TopK(count);
    for (let slot = 0; slot < used; slot++) {
      const label = this.slotLabels[slot]!;
      if (label >= 0) top.offer(label, scores[slot]!);
    }
    return top.sorted().map(({ label, score }) => ({ label, score: Math.min(1, Math.max(0, score)) }));
  }

  async save(path: string): Promise<void> {
    const count = this.vectors.count;
    const header = Buffer.alloc(HEADER_BYTES);
    header.write(MAGIC, 0, 'latin1');
    header.writeUInt32LE(this.dimensions, 8);
    header.writeUInt32LE(count, 12);
    // Dead slots keep -1, which reads back as DEAD_LABEL.
    const labels = this.slotLabels.subarray(0, count);
    await writeFile(path, Buffer.concat([header, new Uint8Array(labels.buffer, labels.byteOffset, labels.byteLength), ...this.vectors.sections()]));
  }

  /** Gives `slot` to `label`, replacing the label's vector if it has one. */
  private assign(slot: number, label: number): void {
    this.remove(label);
    this.slotLabels[slot] = label;
    this.slots.set(label, slot);
  }
}

/** The `values` float32 of an `RGFLAT01` file's rows, from `at` to the end of `bytes`. */
function rowsOf(bytes: Uint8Array, at: number, values: number): Float32Array {
  if (bytes.length !== at + 4 * values) throw new Error('file size does not match its header');
  return new Float32Array(bytes.buffer, bytes.byteOffset + at, values);
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
