/**
 * @fileoverview The T1 copies of the written set as line operations over
 * the original function's lines: T1 starts from the corpus's code, and
 * corpus code is never committed, so only the lines we wrote are stored
 * (`add`) and the rest is a count of original lines kept or dropped.
 */

/** One operation: keep or drop the next n original lines, or add written lines. */
export type T1Op = readonly ['keep', number] | readonly ['drop', number] | readonly ['add', readonly string[]];

/** The stored form, `<id>.t1.json`. */
export interface T1Ops {
  readonly ops: readonly T1Op[];
}

/** The text `ops` make from `original` (the original's lines), or an error naming what does not fit. */
export function decodeT1(original: readonly string[], ops: readonly T1Op[]): { text: string } | { error: string } {
  const out: string[] = [];
  let at = 0;
  for (const [i, op] of ops.entries()) {
    if (op[0] === 'add') {
      out.push(...op[1]);
      continue;
    }
    const n = op[1];
    if (!Number.isInteger(n) || n < 1) return { error: `op ${i + 1}: ${op[0]} needs a positive line count, got ${String(n)}` };
    if (at + n > original.length) return { error: `op ${i + 1}: ${op[0]} ${n} runs past the original's ${original.length} lines (at line ${at + 1})` };
    if (op[0] === 'keep') out.push(...original.slice(at, at + n));
    at += n;
  }
  if (at !== original.length) return { error: `the ops use ${at} of the original's ${original.length} lines; keep or drop the rest` };
  return { text: `${out.join('\n')}\n` };
}

/** The ops that turn `original` into `text` (a longest-common-subsequence line diff). */
export function encodeT1(original: readonly string[], text: string): T1Ops {
  const target = text.replace(/\n$/, '').split('\n');
  const n = original.length;
  const m = target.length;
  // lcs[i][j]: the common subsequence length of original[i..] and target[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = original[i] === target[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: T1Op[] = [];
  const count = (kind: 'keep' | 'drop'): void => {
    const last = ops[ops.length - 1];
    if (last && last[0] === kind) ops[ops.length - 1] = [kind, last[1] + 1];
    else ops.push([kind, 1]);
  };
  const add = (line: string): void => {
    const last = ops[ops.length - 1];
    if (last && last[0] === 'add') ops[ops.length - 1] = ['add', [...last[1], line]];
    else ops.push(['add', [line]]);
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && original[i] === target[j]) {
      count('keep');
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      add(target[j]!);
      j++;
    } else {
      count('drop');
      i++;
    }
  }
  return { ops };
}
