/**
 * @fileoverview The vectors of a FlatIndex (flat-index.ts), one per slot,
 * stored as inverted lists: per dimension, the slots whose vector is
 * non-zero there (ascending) and those values. A scan adds `query[d] ×
 * value` along the lists of the query's non-zero dimensions, in ascending
 * dimension order. The structural embedder's vectors are sparse (on
 * typeorm 29 % of the 512 dimensions are set), so this does a third of the
 * multiply-adds of a scan over dense columns; the terms it skips are exact
 * zeros, so every slot's sum is bit-identical to a dense scan's. Zeros are
 * not stored (`row` gives +0 for an appended -0).
 *
 * `row` needs a vector's values back without searching every list, so each
 * slot also lists its entries: dimension d and position p in d's list,
 * packed as `p × 2^b + d` in a u32 (b: bits for a dimension), which caps
 * the slots at 2^(32 - b) (8 M at 512 dimensions). With the lists that is
 * 12 bytes per non-zero value: 1.8 KB per typeorm vector against 2 KB
 * dense (vectors with over a third of their dimensions set would be
 * smaller dense).
 *
 * Slots are only appended, which keeps the lists slot-ascending and a
 * slot's entries contiguous; `compacted` copies the slots to keep.
 *
 * In a file (little-endian): `dimensions` u32 list lengths, `count` u32
 * entry counts, every list's slots (u32) dimension by dimension, their
 * float32 values in the same order, then every slot's entries (u32) slot
 * by slot. `read` wraps views of these arrays, checking that they are
 * consistent, instead of copying or transposing anything (the file's
 * buffer stays their memory until growth or compaction copy them out).
 */

/** The room a list gets when it first grows. */
const INITIAL_LIST = 64;

/** Room to allocate up front, so that lists and entries need not grow (and end with up to half of them unused). */
interface Room {
  readonly lists: ArrayLike<number>;
  readonly entries: number;
}

/** See the file overview. */
export class InvertedLists {
  /** Slots appended. */
  private used = 0;
  /** Per dimension: the slots (ascending) non-zero there and their values; the first `listLengths[d]` are used. */
  private readonly listSlots: Int32Array[];
  private readonly listValues: Float32Array[];
  private readonly listLengths: Uint32Array;
  /** Slot s's entries (see the file overview) are `entries[entryStarts[s] .. entryStarts[s + 1]]`, by ascending dimension. */
  private entryStarts: Uint32Array;
  private entries: Uint32Array;
  /** The low bits of an entry that hold its dimension, and their mask. */
  private readonly dimensionBits: number;
  private readonly dimensionMask: number;

  private constructor(
    readonly dimensions: number,
    slots: number,
    room?: Room,
  ) {
    this.listSlots = Array.from({ length: dimensions }, (_, d) => new Int32Array(room?.lists[d] ?? 0));
    this.listValues = Array.from({ length: dimensions }, (_, d) => new Float32Array(room?.lists[d] ?? 0));
    this.listLengths = new Uint32Array(dimensions);
    this.entryStarts = new Uint32Array(slots + 1);
    this.entries = new Uint32Array(room?.entries ?? 0);
    this.dimensionBits = 32 - Math.clz32(dimensions - 1);
    this.dimensionMask = 2 ** this.dimensionBits - 1;
  }

  /** Empty lists with room for `slots` before the slot table grows. */
  static create(dimensions: number, slots: number): InvertedLists {
    return new InvertedLists(dimensions, slots);
  }

  /** The row-major `rows`, one slot each. */
  static fromRows(rows: Float32Array, dimensions: number): InvertedLists {
    const lists = new Uint32Array(dimensions);
    let entries = 0;
    for (let row = 0; row < rows.length; row += dimensions) {
      for (let d = 0; d < dimensions; d++) {
        if (rows[row + d] !== 0) {
          lists[d]!++;
          entries++;
        }
      }
    }
    const vectors = new InvertedLists(dimensions, rows.length / dimensions, { lists, entries });
    for (let row = 0; row < rows.length; row += dimensions) vectors.append(rows.subarray(row, row + dimensions), 1);
    return vectors;
  }

  /**
   * The `count` slots stored in `bytes` from `at` to its end (see the file
   * overview), as views of it. Throws when they are cut short or inconsistent.
   */
  static read(bytes: Uint8Array, at: number, dimensions: number, count: number): InvertedLists {
    const view = <T>(type: new (buffer: ArrayBufferLike, offset: number, length: number) => T, offset: number, length: number): T =>
      new type(bytes.buffer, bytes.byteOffset + at + offset, length);
    const listsAt = 4 * (dimensions + count);
    if (bytes.length < at + listsAt) throw new Error('file size does not match its header');
    const listLengths = view(Uint32Array, 0, dimensions);
    const total = listLengths.reduce((sum, length) => sum + length, 0);
    if (bytes.length !== at + listsAt + 12 * total) throw new Error('file size does not match its header');
    const vectors = new InvertedLists(dimensions, count);
    let first = 0;
    for (let d = 0; d < dimensions; d++) {
      const slots = view(Int32Array, listsAt + 4 * first, listLengths[d]!);
      // A slot twice in a list would be scored twice, one past the slots not at all: lists are written ascending.
      for (let i = 0, previous = -1; i < slots.length; previous = slots[i++]!) {
        if (slots[i]! <= previous || slots[i]! >= count) throw new Error(`the list of dimension ${d} is out of order`);
      }
      vectors.listSlots[d] = slots;
      vectors.listValues[d] = view(Float32Array, listsAt + 4 * (total + first), listLengths[d]!);
      first += listLengths[d]!;
    }
    vectors.listLengths.set(listLengths);
    vectors.entries = view(Uint32Array, listsAt + 8 * total, total);
    vectors.readEntryStarts(view(Uint32Array, 4 * dimensions, count));
    vectors.used = count;
    return vectors;
  }

  /** Slots appended. */
  get count(): number {
    return this.used;
  }

  /** The arrays to write after the labels (see the file overview). */
  sections(): Uint8Array[] {
    const { used, entryStarts, listLengths } = this;
    const bytesOf = (array: Int32Array | Uint32Array | Float32Array): Uint8Array => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    const lists = (arrays: (Int32Array | Float32Array)[]): Uint8Array[] => arrays.map((array, d) => bytesOf(array.subarray(0, listLengths[d])));
    return [
      bytesOf(listLengths),
      bytesOf(Uint32Array.from({ length: used }, (_, slot) => entryStarts[slot + 1]! - entryStarts[slot]!)),
      ...lists(this.listSlots),
      ...lists(this.listValues),
      bytesOf(this.entries.subarray(0, entryStarts[used])),
    ];
  }

  /** Appends `vector` × `scale` in a new slot; returns the slot. */
  append(vector: Float32Array, scale: number): number {
    const { dimensionBits } = this;
    // Past this a list position no longer fits beside the dimension in an entry; a slot must also fit an Int32.
    if (this.used === 2 ** Math.min(31, 32 - dimensionBits)) throw new Error(`a flat index holds at most ${this.used} vectors`);
    const slot = this.used++;
    if (this.used === this.entryStarts.length) this.entryStarts = grown(this.entryStarts, 2 * this.used);
    let end = this.entryStarts[slot]!;
    for (let d = 0; d < vector.length; d++) {
      // Rounded as a Float32Array stores it: a value too small for float32 is a zero, not stored.
      const value = Math.fround(vector[d]! * scale);
      if (value === 0) continue;
      if (end === this.entries.length) this.entries = grown(this.entries, Math.max(this.dimensions, 2 * end));
      this.entries[end++] = (this.appendToList(d, slot, value) << dimensionBits) | d;
    }
    this.entryStarts[slot + 1] = end;
    return slot;
  }

  /** The vector in `slot`, read through its entries. */
  row(slot: number): Float32Array {
    const row = new Float32Array(this.dimensions);
    const { entries, dimensionBits, dimensionMask } = this;
    for (let e = this.entryStarts[slot]!; e < this.entryStarts[slot + 1]!; e++) {
      const d = entries[e]! & dimensionMask;
      row[d] = this.listValues[d]![entries[e]! >>> dimensionBits]!;
    }
    return row;
  }

  /** Adds (`query` × `scale`) · vector to `scores[slot]` for every slot. */
  addScores(query: Float32Array, scale: number, scores: Float64Array): void {
    for (let d = 0; d < query.length; d++) {
      const weight = query[d]! * scale;
      if (weight === 0) continue;
      const slots = this.listSlots[d]!;
      const values = this.listValues[d]!;
      const length = this.listLengths[d]!;
      // Eight values a step: V8 does not unroll loops, and the loop's own overhead was half the scan's time (typeorm).
      let i = 0;
      for (; i + 8 <= length; i += 8) {
        scores[slots[i]!]! += weight * values[i]!;
        scores[slots[i + 1]!]! += weight * values[i + 1]!;
        scores[slots[i + 2]!]! += weight * values[i + 2]!;
        scores[slots[i + 3]!]! += weight * values[i + 3]!;
        scores[slots[i + 4]!]! += weight * values[i + 4]!;
        scores[slots[i + 5]!]! += weight * values[i + 5]!;
        scores[slots[i + 6]!]! += weight * values[i + 6]!;
        scores[slots[i + 7]!]! += weight * values[i + 7]!;
      }
      for (; i < length; i++) scores[slots[i]!]! += weight * values[i]!;
    }
  }

  /** The vectors of `slots` (ascending) in new lists, as slots 0, 1, … */
  compacted(slots: readonly number[]): InvertedLists {
    const lists = new Uint32Array(this.dimensions);
    let entries = 0;
    for (const slot of slots) {
      for (let e = this.entryStarts[slot]!; e < this.entryStarts[slot + 1]!; e++) lists[this.entries[e]! & this.dimensionMask]!++;
      entries += this.entryStarts[slot + 1]! - this.entryStarts[slot]!;
    }
    const next = new InvertedLists(this.dimensions, Math.max(1, slots.length), { lists, entries });
    for (const slot of slots) next.append(this.row(slot), 1);
    return next;
  }

  /** Sets `entryStarts` from the slots' entry counts, checking that each entry points into its dimension's list. */
  private readEntryStarts(entryCounts: Uint32Array): void {
    const { entries, entryStarts, dimensionBits, dimensionMask, listLengths, dimensions } = this;
    for (let slot = 0; slot < entryCounts.length; slot++) {
      const start = entryStarts[slot]!;
      const end = start + entryCounts[slot]!;
      if (end > entries.length) throw new Error('entry counts exceed the lists');
      entryStarts[slot + 1] = end;
      for (let e = start, previous = -1; e < end; e++) {
        const d = entries[e]! & dimensionMask;
        // `row` reads where the entries point (dimensions ascending, as written).
        if (d <= previous || d >= dimensions || entries[e]! >>> dimensionBits >= listLengths[d]!) throw new Error(`vector ${slot} has a bad entry`);
        previous = d;
      }
    }
    if (entryStarts[entryCounts.length] !== entries.length) throw new Error('entry counts do not match the lists');
  }

  /** Appends (slot, value) to the list of dimension `d`; returns its position there. */
  private appendToList(d: number, slot: number, value: number): number {
    const at = this.listLengths[d]!;
    if (at === this.listSlots[d]!.length) {
      const room = Math.max(INITIAL_LIST, 2 * at);
      this.listSlots[d] = grown(this.listSlots[d]!, room);
      this.listValues[d] = grown(this.listValues[d]!, room);
    }
    this.listSlots[d]![at] = slot;
    this.listValues[d]![at] = value;
    this.listLengths[d] = at + 1;
    return at;
  }
}

/** A copy of `array` with room for `length` values. */
function grown<T extends Int32Array | Uint32Array | Float32Array>(array: T, length: number): T {
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array);
  return copy;
}
