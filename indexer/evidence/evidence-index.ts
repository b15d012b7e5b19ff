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
 *
 * Layout, for speed (a search runs for every reviewed chunk, the first one
 * builds the index in the CLI's one-shot process): each chunk has a dense
 * slot; a term's list holds slots, append-only, and a removed chunk's slot
 * is only marked dead (its document frequency is taken back at once, so
 * weights stay exact). A search adds weights into a reused Float64Array by
 * slot instead of a map.
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
 * searching (their lists are long and their weight at most ln 21 ≈ 3, a
 * third of a rare term's); they still count in both sides' total weight.
 */
const COMMON_SHARE = 0.05;
/** A term in at most this many chunks is always walked (in a small repository 5 % is a handful). */
const MIN_COMMON_LIST = 64;
/** Dead slots tolerated beyond the live ones before the lists are rebuilt. */
const COMPACT_SLACK = 1024;
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
  // Copied into a buffer of its own: a pooled Buffer's offset need not be 4-aligned.
  const hashes = new Uint32Array(bytes.length / 4);
  new Uint8Array(hashes.buffer).set(bytes);
  return hashes;
}

/** See the file overview. */
export class EvidenceIndex {
  private readonly slotOf = new Map<number, number>();
  private readonly labels: number[] = [];
  private readonly termsBySlot: (Uint32Array | undefined)[] = [];
  private readonly postings = new Map<number, number[]>();
  private readonly df = new Map<number, number>();
  private scratch = new Float64Array(0);

  get size(): number {
    return this.slotOf.size;
  }

  add(label: number, hashes: Uint32Array): void {
    this.remove(label);
    // Dead slots are only skipped; once they outnumber the live ones, the lists are rebuilt without them.
    if (this.labels.length > 2 * this.slotOf.size + COMPACT_SLACK) this.compact();
    const slot = this.labels.length;
    this.labels.push(label);
    this.termsBySlot.push(hashes);
    this.slotOf.set(label, slot);
    for (const hash of hashes) {
      const list = this.postings.get(hash);
      if (list) list.push(slot);
      else this.postings.set(hash, [slot]);
      this.df.set(hash, (this.df.get(hash) ?? 0) + 1);
    }
  }

  remove(label: number): void {
    const slot = this.slotOf.get(label);
    if (slot === undefined) return;
    this.slotOf.delete(label);
    for (const hash of this.termsBySlot[slot]!) {
      const left = this.df.get(hash)! - 1;
      if (left === 0) this.df.delete(hash);
      else this.df.set(hash, left);
    }
    this.termsBySlot[slot] = undefined;
  }

  private compact(): void {
    const live = [...this.slotOf].map(([label, slot]) => [label, this.termsBySlot[slot]!] as const);
    this.slotOf.clear();
    this.labels.length = 0;
    this.termsBySlot.length = 0;
    this.postings.clear();
    this.df.clear();
    for (const [label, hashes] of live) this.add(label, hashes);
  }

  /** The rarity weight of a term hash: BM25's idf over the indexed chunks. */
  weight(hash: number): number {
    return idf(this.slotOf.size, this.df.get(hash) ?? 0);
  }

  /** The weight of a term only one chunk has: the unit in which shared evidence is counted. */
  rareWeight(): number {
    return idf(this.slotOf.size, 1);
  }

  /** Total weight of a term set. */
  totalWeight(hashes: Uint32Array): number {
    let total = 0;
    for (const hash of hashes) total += this.weight(hash);
    return total;
  }

  /**
   * The chunks that agree most with `query`, best first, at most `k`; those
   * for which `skip` says yes are left out (the query itself, its own file).
   */
  search(query: Uint32Array, k: number, skip: (label: number) => boolean): EvidenceHit[] {
    const n = this.slotOf.size;
    const common = Math.max(COMMON_SHARE * n, MIN_COMMON_LIST);
    if (this.scratch.length < this.labels.length) this.scratch = new Float64Array(Math.max(this.labels.length, 2 * this.scratch.length));
    const shared = this.scratch;
    const touched: number[] = [];
    let own = 0;
    for (const hash of query) {
      const df = this.df.get(hash) ?? 0;
      const weight = idf(n, df);
      own += weight;
      if (df === 0 || df > common) continue;
      for (const slot of this.postings.get(hash)!) {
        if (shared[slot] === 0) touched.push(slot);
        shared[slot] += weight;
      }
    }
    const pool: Array<{ slot: number; weight: number }> = [];
    for (const slot of touched) {
      pool.push({ slot, weight: shared[slot]! });
      shared[slot] = 0;
    }
    pool.sort((a, b) => b.weight - a.weight || a.slot - b.slot);
    const rare = this.rareWeight();
    const hits: EvidenceHit[] = [];
    for (const { slot, weight } of pool) {
      if (hits.length === SCORED_POOL) break;
      const theirs = this.termsBySlot[slot];
      if (theirs === undefined || skip(this.labels[slot]!)) continue;
      // The common terms both sides have were not walked: they still belong to what they share.
      const both = weight + this.commonShared(query, theirs, common);
      hits.push({ label: this.labels[slot]!, shared: both / rare, agreement: (2 * both) / (own + this.totalWeight(theirs)) });
    }
    hits.sort((a, b) => b.agreement - a.agreement || a.label - b.label);
    return hits.slice(0, k);
  }

  /** Weight of the common terms two sorted hash sets share. */
  private commonShared(a: Uint32Array, b: Uint32Array, common: number): number {
    let total = 0;
    for (let i = 0, j = 0; i < a.length && j < b.length; ) {
      if (a[i]! < b[j]!) i++;
      else if (a[i]! > b[j]!) j++;
      else {
        const df = this.df.get(a[i]!) ?? 0;
        if (df > common) total += idf(this.slotOf.size, df);
        i++;
        j++;
      }
    }
    return total;
  }
}

function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
