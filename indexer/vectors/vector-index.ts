/**
 * @fileoverview The vector-index port: nearest neighbours by cosine
 * similarity over integer labels. HNSW (approximate, for large indexes)
 * and a flat exact scan (below a size threshold; see vector-kind.ts)
 * implement it, as can tests.
 */

/** One neighbour: its label and cosine similarity clamped to 0..1 (higher is closer). */
export interface VectorHit {
  readonly label: number;
  readonly score: number;
}

/** A mutable set of labelled vectors searchable by cosine similarity. */
export interface VectorIndex {
  /** Adds or replaces the vector of `label`. */
  add(label: number, vector: Float32Array): void;
  /** Removes `label`; unknown labels are ignored. */
  remove(label: number): void;
  /** Up to `k` nearest live vectors, best first. */
  search(vector: Float32Array, k: number): VectorHit[];
  /** The stored (normalised) vector of `label`, if live. */
  get(label: number): Float32Array | undefined;
  /** Whether `label` is live. */
  has(label: number): boolean;
  /** Number of live vectors. */
  readonly size: number;
  /** Writes the index to `path` (the caller makes it atomic). */
  save(path: string): Promise<void>;
}

/** How a maintained index stores its vectors; recorded in the store's metadata. */
export type VectorKind = 'flat' | 'hnsw';

/** A `VectorIndex` the code index keeps up to date, compacts and persists. */
export interface MaintainedVectorIndex extends VectorIndex {
  readonly kind: VectorKind;
  readonly dimensions: number;
  /** Live labels in ascending order. */
  labels(): number[];
  /** Removes each of `labels`. */
  removeAll(labels: Iterable<number>): void;
  /** Whether removed vectors waste enough room that `compacted` is worth it before a save. */
  readonly needsCompaction: boolean;
  /** A new index of the live vectors only, under the same labels. */
  compacted(): MaintainedVectorIndex;
}
