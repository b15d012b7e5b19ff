export function multipleOfRemainder(input: number, divisor: number): number {
  const quotient = input / divisor;
  const nearest = Math.round(quotient);
  const delta = quotient - nearest;
  const scale = Math.abs(quotient) > 1 ? Math.abs(quotient) : 1;
  if (Math.abs(delta) < scale * Number.EPSILON) {
    return 0;
  }
  return delta;
}
