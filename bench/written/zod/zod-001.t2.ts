/** Fractional part of `val / step` after rounding, or 0 when it is only float noise. */
export function stepRemainder(val: number, step: number): number {
  const ratio = val / step;
  const offset = ratio - Math.round(ratio);
  const epsilon = Number.EPSILON * Math.max(1, Math.abs(ratio));
  return Math.abs(offset) < epsilon ? 0 : offset;
}
