import type { Radians } from "./types";

/** Absolute difference of two angles on the circle, in [0, π]. */
export function angularDistance(first: Radians, second: Radians): Radians {
  const full = Math.PI * 2;
  let delta = (first - second) % full;
  if (delta < 0) delta += full;
  return (delta > Math.PI ? full - delta : delta) as Radians;
}
