/**
 * @fileoverview The vector-index port: nearest neighbours by cosine
 * similarity over integer labels. HNSW implements it; tests or a future
 * exact store can too.
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
