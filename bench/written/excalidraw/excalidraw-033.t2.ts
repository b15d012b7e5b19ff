import type { GlobalPoint, LocalPoint, Polygon } from "./types";

export function pointInPolygon<Point extends LocalPoint | GlobalPoint>([x, y]: Point, polygon: Polygon<Point>): boolean {
  let crossings = 0;
  polygon.forEach(([xi, yi], i) => {
    const [xj, yj] = polygon[i === 0 ? polygon.length - 1 : i - 1];
    const straddles = yi > y !== yj > y;
    if (straddles && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) crossings++;
  });
  return crossings % 2 === 1;
}
