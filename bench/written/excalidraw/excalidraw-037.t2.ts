import { polygonIsClosed } from "./polygon";
import { PRECISION } from "./utils";

import type { GlobalPoint, LocalPoint } from "./types";

export function signedPolygonArea<Point extends LocalPoint | GlobalPoint>(polygon: readonly Point[], tolerance = PRECISION): number {
  const pts = polygonIsClosed(polygon, tolerance) ? polygon.slice(0, -1) : polygon;
  const twiceArea = pts.reduce((sum, point, i) => {
    const prev = pts[(i + pts.length - 1) % pts.length];
    return sum + (prev[0] * point[1] - point[0] * prev[1]);
  }, 0);
  return twiceArea / 2;
}
