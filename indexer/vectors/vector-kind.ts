/**
 * @fileoverview Which `VectorIndex` the code index uses: a flat exact scan
 * (flat-index.ts) up to FLAT_MAX_VECTORS vectors, HNSW (hnsw-index.ts)
 * above. On typeorm (4,431 × 512-d) flat adds cost ~nothing against ~3 s
 * of HNSW inserts, and a query scans in 0.3 ms; HNSW wins only on much
 * larger indexes. `fitted` converts between the kinds before a save (with
 * hysteresis, so a store near the threshold does not flip at every save),
 * from the stored vectors: nothing is re-embedded. A store records the kind
 * it wrote. hnswlib-node is an optional dependency: without it the flat
 * index serves at every size.
 */
import { FlatIndex } from './flat-index.js';
import { HNSWLIB_FIX, HnswIndex, hnswAvailable } from './hnsw-index.js';
import type { MaintainedVectorIndex, VectorKind } from './vector-index.js';

export type { MaintainedVectorIndex } from './vector-index.js';

/** Above this many vectors an index is kept as HNSW. */
export const FLAT_MAX_VECTORS = 20_000;
/** An HNSW index shrinks back to flat only at or below this many (hysteresis). */
export const FLAT_RETURN_VECTORS = 15_000;

/** A new empty index of the kind for small indexes (flat). */
export function createVectorIndex(dimensions: number): MaintainedVectorIndex {
  return FlatIndex.create(dimensions);
}

/** Reads a vector file written by an index of `kind`; throws like the index's own `load`. */
export async function loadVectorIndex(
  kind: VectorKind,
  file: { readonly path: string; readonly bytes: Buffer },
  dimensions: number,
  liveLabels: Iterable<number>,
): Promise<MaintainedVectorIndex> {
  // The flat index is made from the bytes the store already read to check them; hnswlib reads by path.
  return kind === 'flat' ? FlatIndex.fromBytes(file.bytes, dimensions, liveLabels) : HnswIndex.load(file.path, dimensions, liveLabels);
}

/** The kind an index of `size` vectors should have, given the kind it has now and whether HNSW can be made here. */
export function preferredKind(size: number, current: VectorKind, hnsw = hnswAvailable()): VectorKind {
  if (!hnsw) return 'flat';
  if (size > FLAT_MAX_VECTORS) return 'hnsw';
  if (current === 'hnsw' && size > FLAT_RETURN_VECTORS) return 'hnsw';
  return 'flat';
}

/**
 * `index`, converted to its preferred kind or compacted when either is due
 * (a new index), else itself.
 */
export function fitted(index: MaintainedVectorIndex): MaintainedVectorIndex {
  const kind = preferredKind(index.size, index.kind);
  if (kind === index.kind) return index.needsCompaction ? index.compacted() : index;
  const labels = index.labels();
  const next = kind === 'flat' ? FlatIndex.create(index.dimensions, labels.length) : HnswIndex.create(index.dimensions, { initialCapacity: labels.length });
  for (const label of labels) next.add(label, index.get(label)!);
  return next;
}

/** What to tell the user when `index` is flat only because hnswlib-node is missing; undefined otherwise. */
export function flatFallbackNotice(index: MaintainedVectorIndex): string | undefined {
  if (index.kind !== 'flat' || index.size <= FLAT_MAX_VECTORS || hnswAvailable()) return undefined;
  return (
    `the index holds ${index.size} vectors, above the ${FLAT_MAX_VECTORS} where an HNSW index would serve, ` +
    `but the optional package hnswlib-node is not installed: the exact flat scan serves (slower queries); ${HNSWLIB_FIX}`
  );
}
