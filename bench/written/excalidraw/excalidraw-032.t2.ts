import { pointFrom } from "./point";

import type { GlobalPoint, LocalPoint, Radians } from "./types";

export const rotatePoint = <Point extends GlobalPoint | LocalPoint>([x, y]: Point, [cx, cy]: Point, angle: Radians): Point => {
  if (!angle) return pointFrom(x, y);
  const dx = x - cx;
  const dy = y - cy;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return pointFrom(cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
};
