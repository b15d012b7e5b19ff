import { pointsEqual } from "./point";

import type { GlobalPoint, LocalPoint } from "./types";

/** Positive for counter-clockwise vertices in y-up coordinates; a repeated closing vertex is ignored. */
export const orientedArea = <P extends LocalPoint | GlobalPoint>(vertices: readonly P[], epsilon = 1e-4): number => {
  let count = vertices.length;
  if (count > 1 && pointsEqual(vertices[0], vertices[count - 1], epsilon)) count -= 1;
  let acc = 0;
  for (let i = 0; i < count; i++) {
    const [x1, y1] = vertices[i];
    const [x2, y2] = vertices[(i + 1) % count];
    acc += x1 * y2 - x2 * y1;
  }
  return acc / 2;
};
