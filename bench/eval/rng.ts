/**
 * @fileoverview A small seeded PRNG (mulberry32) so samples and edits are
 * reproducible: the same seed always picks the same functions and the same
 * variants of every edit.
 */

/** A seeded source of pseudo-random numbers. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    // A murmur3 finaliser, so nearby seeds (1, 2, 3…) start far apart.
    let h = seed >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    this.state = (h ^ (h >>> 16)) >>> 0;
  }

  /** A generator derived from this seed and a label, independent of call order elsewhere. */
  static derive(seed: number, label: string): Rng {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Rng(h);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty array');
    return items[this.int(items.length)]!;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
