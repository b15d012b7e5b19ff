/**
 * @fileoverview Source shapes that make a duplicate detector pay: a long
 * function and a copy of it with its lines shuffled or its blocks reversed
 * (the same tokens in another order: close in every vector, far apart in
 * any alignment), and declarations nested thousands deep. Used by the cost
 * benchmark and the reliability tests; seeded, so a run is repeatable.
 */

/** A line of a long function body: a statement that stands on its own, so any order still parses. */
function statement(i: number): string {
  switch (i % 4) {
    case 0:
      return `  const v${i} = input.values[${i}] ?? fallback(${i}, 'k${i}');`;
    case 1:
      return `  if (v${i - 1} > limit) total += v${i - 1} * ${i};`;
    case 2:
      return `  record.push({ key: 'k${i}', value: total - ${i} });`;
    default:
      return `  total = Math.max(total, scale(v${i - 3}, ${i % 7}));`;
  }
}

/** A function `name` of `lines` body statements. */
export function longFunction(name: string, lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => statement(i));
  return `export function ${name}(input: { values: number[] }, limit: number): number {\n  let total = 0;\n  const record: Array<{ key: string; value: number }> = [];\n${body.join('\n')}\n  return total + record.length;\n}\n`;
}

/** A seeded shuffle (mulberry32), so every run reviews the same text. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type Reordering = 'shuffled' | 'block-reversed';

/** The body of `longFunction(…, lines)` in another order, under the name `name`. */
export function reorderedCopy(name: string, lines: number, how: Reordering, seed = 20261202): string {
  const body = Array.from({ length: lines }, (_, i) => statement(i));
  const blockSize = 50;
  const blocks: string[][] = [];
  for (let i = 0; i < body.length; i += blockSize) blocks.push(body.slice(i, i + blockSize));
  const ordered = how === 'shuffled' ? shuffled(body, seed) : blocks.reverse().flat();
  return `export function ${name}(input: { values: number[] }, limit: number): number {\n  let total = 0;\n  const record: Array<{ key: string; value: number }> = [];\n${ordered.join('\n')}\n  return total + record.length;\n}\n`;
}

/** `depth` function declarations, each nested in the one before. */
export function nestedFunctions(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => `function n${i}(x) {`).join('\n');
  return `${open}\nreturn x;\n${'}\n'.repeat(depth)}`;
}
