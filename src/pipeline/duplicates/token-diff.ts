/**
 * @fileoverview A longest common subsequence of two token streams within a
 * bound on edits (Myers' O(ND) diff, common ends trimmed first): the
 * matching step of the duplicate alignment (alignment.ts).
 */
/**
 * A longest common subsequence of `a` and `b` as flat index pairs
 * `[i0, j0, i1, j1, …]`, or undefined when it needs more than `maxEdits`
 * insertions plus deletions. Common ends are trimmed first (a copy is mostly
 * common ends), then Myers' greedy diff runs on the middle.
 */
export function commonSubsequence(a: readonly string[], b: readonly string[], maxEdits: number): number[] | undefined {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (Math.abs(n - m) > maxEdits) return undefined;
  const middle = myers(a, b, head, n, m, maxEdits);
  if (!middle) return undefined;
  const pairs: number[] = [];
  for (let i = 0; i < head; i++) pairs.push(i, i);
  for (const index of middle) pairs.push(index);
  for (let t = tail; t > 0; t--) pairs.push(a.length - t, b.length - t);
  return pairs;
}

/** Myers' diff of a[off, off+n) and b[off, off+m): matched pairs in order, or undefined past `maxEdits`. */
function myers(a: readonly string[], b: readonly string[], off: number, n: number, m: number, maxEdits: number): number[] | undefined {
  const max = Math.min(n + m, maxEdits);
  const shift = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(shift - d - 1, shift + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[shift + k - 1]! < v[shift + k + 1]!) ? v[shift + k + 1]! : v[shift + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[off + x] === b[off + y]) {
        x++;
        y++;
      }
      v[shift + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m, off);
    }
  }
  return undefined;
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
