/**
 * @fileoverview A deterministic embedder without weights: the normalised
 * token stream is cut into n-gram shingles, each hashed into a fixed-size
 * vector with a sign (feature hashing), then L2-normalised. Renamed copies
 * share every shingle; unrelated code shares only short, common ones.
 */
import { l2Normalize, type EmbedInput, type Embedder } from './embedder.js';
import { FNV_OFFSET, FNV_PRIME, fnv1a } from '../hash.js';

/** Parameters of the structural embedder; all are part of its `id`. */
export interface StructuralEmbedderOptions {
  /** Vector size, a power of two (default 512). */
  readonly dimensions?: number;
  /** Shortest and longest shingle in tokens (defaults 3 and 5). */
  readonly minN?: number;
  readonly maxN?: number;
}

// Separates tokens inside a shingle so `a b` + `c` never hashes like `a` + `b c`.
const SEPARATOR = 0x1f;

/** Token-shingle feature hashing; see the file overview. */
export class StructuralEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  private readonly minN: number;
  private readonly maxN: number;
  /** The options it was made with, defaults filled in: enough to make an equal embedder elsewhere (a worker). */
  readonly options: Required<StructuralEmbedderOptions>;

  constructor(options: StructuralEmbedderOptions = {}) {
    this.dimensions = options.dimensions ?? 512;
    this.minN = options.minN ?? 3;
    this.maxN = options.maxN ?? 5;
    if (!Number.isInteger(Math.log2(this.dimensions)) || this.dimensions < 16) {
      throw new Error(`structural embedder: dimensions must be a power of two ≥ 16, got ${this.dimensions}`);
    }
    if (!(this.minN >= 1 && this.maxN >= this.minN && this.maxN < WEIGHT_SLOTS)) {
      throw new Error(`structural embedder: need 1 ≤ minN ≤ maxN < ${WEIGHT_SLOTS}, got ${this.minN}..${this.maxN}`);
    }
    this.id = `structural-v3-${this.dimensions}-n${this.minN}-${this.maxN}`;
    this.options = { dimensions: this.dimensions, minN: this.minN, maxN: this.maxN };
  }

  embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]> {
    return Promise.resolve(inputs.map((input) => this.embedTokens(input.tokens)));
  }

  /** The vector of one normalised token stream (synchronous core of `embed`). */
  embedTokens(tokens: readonly string[]): Float32Array {
    const hashes = new Uint32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) hashes[i] = fnv1a(tokens[i]!);
    const vector = new Float32Array(this.dimensions);
    const mask = this.dimensions - 1;
    // Each distinct shingle once, in first-seen order, with its count and the weight of its first length.
    for (const [hash, counted] of this.countShingles(hashes)) {
      // Damped counts: a shingle repeated 20 times is not 20 times as telling.
      const weight = (counted % WEIGHT_SLOTS) * Math.sqrt(Math.floor(counted / WEIGHT_SLOTS));
      vector[hash & mask]! += hash & 0x80000000 ? -weight : weight;
    }
    return l2Normalize(vector);
  }

  /** Shingle hash → count × WEIGHT_SLOTS + weight (the shingle's length in tokens: longer ones are rarer by chance, so they carry more evidence). */
  private countShingles(tokenHashes: Uint32Array): Map<number, number> {
    const counts = new Map<number, number>();
    for (let n = this.minN; n <= this.maxN; n++) {
      for (let start = 0; start + n <= tokenHashes.length; start++) {
        let hash = FNV_OFFSET ^ n;
        for (let i = start; i < start + n; i++) hash = mix(mix(hash, tokenHashes[i]!), SEPARATOR);
        counts.set(hash, (counts.get(hash) ?? n) + WEIGHT_SLOTS);
      }
    }
    return counts;
  }
}

// Counts and weights share one number per shingle (no object per shingle): weights stay below this.
const WEIGHT_SLOTS = 1024;

/** One FNV-1a step folding a 32-bit value into the hash byte by byte. */
function mix(hash: number, value: number): number {
  let h = Math.imul(hash ^ (value & 0xff), FNV_PRIME) >>> 0;
  h = Math.imul(h ^ ((value >>> 8) & 0xff), FNV_PRIME) >>> 0;
  h = Math.imul(h ^ ((value >>> 16) & 0xff), FNV_PRIME) >>> 0;
  return Math.imul(h ^ (value >>> 24), FNV_PRIME) >>> 0;
}
