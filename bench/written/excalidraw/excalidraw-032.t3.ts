import { pointFrom } from "./point";

import type { GlobalPoint, LocalPoint, Radians } from "./types";

/** Rotates `p` by `theta` radians around `pivot` (clockwise on screen, where y points down). */
export function turnPointAroundPivot<P extends GlobalPoint | LocalPoint>(p: P, pivot: P, theta: Radians): P {
  if (theta === 0) {
    return p;
  }
  const translated = { x: p[0] - pivot[0], y: p[1] - pivot[1] };
  const rotated = {
    x: translated.x * Math.cos(theta) - translated.y * Math.sin(theta),
    y: translated.y * Math.cos(theta) + translated.x * Math.sin(theta),
  };
  return pointFrom<P>(rotated.x + pivot[0], rotated.y + pivot[1]);
}
