/**
 * @fileoverview A longest common subsequence of two token streams within a
 * bound on edits and a budget of work (Myers' O(ND) diff, common ends
 * trimmed first): the matching step of the duplicate alignment
 * (alignment.ts). The budget is what keeps a hostile pair cheap: a long
 * function and a shuffled copy of it share every token, so the bound on
 * edits alone (about the token count) would let the diff run O(n²).
 */

/**
 * Work one alignment may do, in frontier steps plus token comparisons. A
 * real near copy of a 300-line function with 300 edits needs about 2 M; a
 * 5,000-line shuffled copy would need 10⁹. The diff keeps one frontier per
 * edit, so this also bounds its memory (about 2 × the work in 32-bit ints).
 */
export const PAIR_ALIGNMENT_WORK = 4_000_000;
/** Work the duplicate stage may spend on one reviewed file's alignments, about 0.3 s. */
export const FILE_ALIGNMENT_WORK = 64_000_000;

/**
 * The alignment work left for one reviewed file. Each alignment gets at
 * most PAIR_ALIGNMENT_WORK of it; a pair that needs more is too different
 * to align. When the file's share runs out, the budget is `exhausted` and
 * the file's duplicate search is incomplete.
 */
export class AlignmentBudget {
  private left: number;
  exhausted = false;

  constructor(
    total = FILE_ALIGNMENT_WORK,
    private readonly perPair = PAIR_ALIGNMENT_WORK,
  ) {
    this.left = total;
  }

  /** The work the next alignment may do. */
  allowance(): number {
    return Math.max(0, Math.min(this.perPair, this.left));
  }

  /** Records an alignment's work; `ranOut` when it stopped for want of work, not of edits. */
  charge(work: number, ranOut: boolean): void {
    this.left -= work;
    if (ranOut && this.left <= 0) this.exhausted = true;
  }
}

/**
 * A longest common subsequence of `a` and `b` as flat index pairs
 * `[i0, j0, i1, j1, …]`, or undefined when it needs more than `maxEdits`
 * insertions plus deletions or more work than `budget` allows. Common ends
 * are trimmed first (a copy is mostly common ends), then Myers' greedy diff
 * runs on the middle.
 */
export function commonSubsequence(a: readonly string[], b: readonly string[], maxEdits: number, budget = new AlignmentBudget()): number[] | undefined {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (Math.abs(n - m) > maxEdits) return undefined;
  const allowance = budget.allowance();
  const { middle, work } = myers(a, b, head, n, m, maxEdits, allowance);
  budget.charge(head + tail + work, !middle && work >= allowance);
  if (!middle) return undefined;
  const pairs: number[] = [];
  for (let i = 0; i < head; i++) pairs.push(i, i);
  for (const index of middle) pairs.push(index);
  for (let t = tail; t > 0; t--) pairs.push(a.length - t, b.length - t);
  return pairs;
}

interface MyersResult {
  /** Matched pairs in order, or undefined past the bound on edits or work. */
  readonly middle?: number[];
  readonly work: number;
}

/** Myers' diff of a[off, off+n) and b[off, off+m), giving up past `maxEdits` edits or `maxWork` steps. */
function myers(a: readonly string[], b: readonly string[], off: number, n: number, m: number, maxEdits: number, maxWork: number): MyersResult {
  const max = Math.min(n + m, maxEdits);
  const shift = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let work = 0;
  for (let d = 0; d <= max; d++) {
    // Checked once per edit: the frontier and the snakes of one step are bounded by d + n + m.
    if (work >= maxWork) return { work };
    trace.push(v.slice(shift - d - 1, shift + d + 2));
    work += d + 1;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[shift + k - 1]! < v[shift + k + 1]!) ? v[shift + k + 1]! : v[shift + k - 1]! + 1;
      let y = x - k;
      const start = x;
      while (x < n && y < m && a[off + x] === b[off + y]) {
        x++;
        y++;
      }
      work += x - start;
      v[shift + k] = x;
      if (x >= n && y >= m) return { middle: backtrack(trace, d, n, m, off), work };
    }
  }
  return { work };
}

/** Walks the saved frontiers back from (n, m): the diagonal runs are the matches. */
function backtrack(trace: readonly Int32Array[], last: number, n: number, m: number, off: number): number[] {
  const reversed: number[] = [];
  let x = n;
  let y = m;
  for (let d = last; d >= 0; d--) {
    // trace[d] holds v[-d-1 .. d+1] as it was before step d.
    const at = (k: number): number => trace[d]![k + d + 1]!;
    const k = x - y;
    const prevK = d === 0 ? 0 : k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      reversed.push(off + y, off + x);
    }
    x = prevX;
    y = prevY;
  }
  const pairs: number[] = [];
  for (let p = reversed.length - 2; p >= 0; p -= 2) pairs.push(reversed[p + 1]!, reversed[p]!);
  return pairs;
}
