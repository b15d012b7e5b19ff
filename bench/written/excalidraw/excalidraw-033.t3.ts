import type { GlobalPoint, LocalPoint, Polygon } from "./types";

/** Even-odd rule: cast a ray to the right of the point and count how many edges it crosses. */
export const hitTestPolygon = <P extends LocalPoint | GlobalPoint>(target: P, vertices: Polygon<P>): boolean => {
  const [px, py] = target;
  let isInside = false;
  let prev = vertices[vertices.length - 1];
  for (const curr of vertices) {
    const [x1, y1] = prev;
    const [x2, y2] = curr;
    if (y2 > py !== y1 > py) {
      const xAtPy = x2 + ((py - y2) * (x1 - x2)) / (y1 - y2);
      if (px < xAtPy) isInside = !isInside;
    }
    prev = curr;
  }
  return isInside;
};
