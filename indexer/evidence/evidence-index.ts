/**
 * @fileoverview The evidence index: every chunk's evidence terms (terms.ts)
 * as hashes, in inverted lists, and the rarity weight of each term in this
 * repository (BM25's idf: a term in most chunks weighs almost nothing, one
 * in a single chunk about ln N). Two chunks agree by the weighted Dice of
 * their terms, 2·W(shared) / (W(ours) + W(theirs)): 1 when they share all
 * evidence, and a shared rare name counts far more than a shared `Map`.
 *
 * It answers the question the structural vector cannot: which chunks are
 * about the same things, whatever their token order. Built from the
 * catalog's records on first use and kept in step with it after that.
 */
import { fnv1a } from '../hash.js';

/** A chunk that shares evidence with the query. */
export interface EvidenceHit {
  readonly label: number;
  /** Weight of the shared terms, in units of a term only one chunk has (`rareWeight`). */
  readonly shared: number;
  /** Weighted Dice of the two term sets, 0..1. */
  readonly agreement: number;
}

/**
 * Terms in more than this share of the chunks are not walked when
 * searching (their lists are long and their weight small); they still
 * count in both sides' total weight.
 */
const COMMON_SHARE = 0.2;
/** Hits whose agreement is computed: the best by shared weight (agreement needs the other side's total). */
const SCORED_POOL = 64;

/** The hashes of evidence terms, sorted and distinct: what a chunk record stores. */
export function termHashes(terms: Iterable<string>): Uint32Array {
  const hashes = new Set<number>();
  for (const term of terms) hashes.add(fnv1a(term));
  return Uint32Array.from(hashes).sort();
}

/** A term-hash set as a chunk record stores it: its little-endian bytes in base64. */
export function encodeTermHashes(hashes: Uint32Array): string {
  return Buffer.from(hashes.buffer, hashes.byteOffset, hashes.byteLength).toString('base64');
}

/** `encodeTermHashes` undone; undefined for text that is not a whole number of hashes. */
export function decodeTermHashes(text: string): Uint32Array | undefined {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length % 4 !== 0) return undefined;
  const hashes = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < hashes.length; i++) hashes[i] = bytes.readUInt32LE(4 * i);
  return hashes;
}

/** See the file overview. */
export class EvidenceIndex {
  private readonly terms = new Map<number, Uint32Array>();
  private readonly postings = new Map<number, Set<number>>();

  get size(): number {
    return this.terms.size;
  }

  add(label: number, hashes: Uint32Array): void {
    this.remove(label);
    this.terms.set(label, hashes);
    for (const hash of hashes) {
      let list = this.postings.get(hash);
      if (!list) this.postings.set(hash, (list = new Set()));
      list.add(label);
    }
  }

  remove(label: number): void {
    const hashes = this.terms.get(label);
    if (!hashes) return;
    this.terms.delete(label);
    for (const hash of hashes) {
      const list = this.postings.get(hash);
      list?.delete(label);
      if (list?.size === 0) this.postings.delete(hash);
    }
  }

  /** The rarity weight of a term hash: BM25's idf over the indexed chunks. */
  weight(hash: number): number {
    const n = this.terms.size;
    const df = this.postings.get(hash)?.size ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The weight of a term only one chunk has: the unit in which shared evidence is counted. */
  rareWeight(): number {
    const n = this.terms.size;
    return Math.log(1 + (n - 0.5) / 1.5);
  }

  /** Total weight of a term set. */
  totalWeight(hashes: Uint32Array): number {
    let total = 0;
    for (const hash of hashes) total += this.weight(hash);
    return total;
  }

  /** The stored term hashes of a chunk. */
  termsOf(label: number): Uint32Array | undefined {
    return this.terms.get(label);
  }

  /**
   * The chunks that agree most with `query`, best first, at most `k`; those
   * for which `skip` says yes are left out (the query itself, its own file).
   */
  search(query: Uint32Array, k: number, skip: (label: number) => boolean): EvidenceHit[] {
    const common = COMMON_SHARE * this.terms.size;
    const shared = new Map<number, number>();
    let own = 0;
    for (const hash of query) {
      const weight = this.weight(hash);
      own += weight;
      const list = this.postings.get(hash);
      if (!list || list.size > common) continue;
      for (const label of list) shared.set(label, (shared.get(label) ?? 0) + weight);
    }
    const pool = [...shared].filter(([label]) => !skip(label));
    pool.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const hits = pool.slice(0, SCORED_POOL).map(([label, weight]) => {
      // A common term both sides have was not walked: it still belongs to what they share.
      const theirs = this.terms.get(label)!;
      const both = weight + commonShared(query, theirs, (hash) => (this.postings.get(hash)?.size ?? 0) > common, (hash) => this.weight(hash));
      return { label, shared: both / this.rareWeight(), agreement: (2 * both) / (own + this.totalWeight(theirs)) };
    });
    hits.sort((a, b) => b.agreement - a.agreement || a.label - b.label);
    return hits.slice(0, k);
  }
}

/** Weight of the common terms two sorted hash sets share. */
function commonShared(a: Uint32Array, b: Uint32Array, isCommon: (hash: number) => boolean, weight: (hash: number) => number): number {
  let total = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      if (isCommon(a[i]!)) total += weight(a[i]!);
      i++;
      j++;
    }
  }
  return total;
}
