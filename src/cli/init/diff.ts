/**
 * @fileoverview A unified diff of one file (before → after), as `diff -u`
 * and git print it, so init shows what it changes rather than whole files.
 * The files init touches are small config and instruction files: a plain
 * longest-common-subsequence table over lines is fast enough, and past
 * MAX_CELLS the diff falls back to "all old lines out, all new lines in".
 */

const CONTEXT = 3;
const MAX_CELLS = 4_000_000;

type Op = { readonly kind: ' ' | '-' | '+'; readonly line: string };

/** `--- a/path`, `+++ b/path` and the hunks; `before` undefined is a new file (`--- /dev/null`). */
export function unifiedDiff(path: string, before: string | undefined, after: string): string {
  const ops = lineOps(splitLines(before ?? ''), splitLines(after));
  return [before === undefined ? '--- /dev/null' : `--- a/${path}`, `+++ b/${path}`, ...hunks(ops).flat()].join('\n');
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The edit script from `a` to `b`: kept, removed and added lines in order. */
function lineOps(a: readonly string[], b: readonly string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i++]! });
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  return ops;
}

/** Hunks of changes with CONTEXT kept lines around them, each headed `@@ -start,count +start,count @@`. */
function hunks(ops: readonly Op[]): string[][] {
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  const result: string[][] = [];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - CONTEXT);
    let end = changed[k]!;
    while (k + 1 < changed.length && changed[k + 1]! - end <= 2 * CONTEXT) end = changed[++k]!;
    k++;
    const stop = Math.min(ops.length, end + CONTEXT + 1);
    const before = ops.slice(0, start);
    const oldStart = before.filter((op) => op.kind !== '+').length;
    const newStart = before.filter((op) => op.kind !== '-').length;
    const body = ops.slice(start, stop);
    const oldCount = body.filter((op) => op.kind !== '+').length;
    const newCount = body.filter((op) => op.kind !== '-').length;
    result.push([`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`, ...body.map((op) => `${op.kind}${op.line}`)]);
  }
  return result;
}

/** A hunk range as diff prints it: 1-based start and count (omitted when 1); an empty side starts at the line before. */
function range(start: number, count: number): string {
  if (count === 1) return `${start + 1}`;
  return `${count === 0 ? start : start + 1},${count}`;
}
