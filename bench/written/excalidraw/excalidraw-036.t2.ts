import { normalizeRadians } from "./angle";

import type { Radians } from "./types";

const TWO_PI = 2 * Math.PI;

export const smallestAngleBetween = (a: Radians, b: Radians): Radians => {
  const raw = normalizeRadians(a) - normalizeRadians(b);
  const wrapped = raw < -Math.PI ? raw + TWO_PI : raw > Math.PI ? raw - TWO_PI : raw;
  return Math.abs(wrapped) as Radians;
};
