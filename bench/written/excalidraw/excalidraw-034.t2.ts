import type { GlobalPoint, LocalPoint } from "./types";

const crossProduct = (o: readonly number[], a: readonly number[], b: readonly number[]) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function monotoneChain<Point extends LocalPoint | GlobalPoint>(sorted: readonly Point[]): Point[] {
  const chain: Point[] = [];
  sorted.forEach((p) => {
    while (chain.length >= 2 && crossProduct(chain[chain.length - 2], chain[chain.length - 1], p) <= 0) chain.pop();
    chain.push(p);
  });
  return chain.slice(0, -1);
}

export function convexHullOf<Point extends LocalPoint | GlobalPoint>(points: readonly Point[]): Point[] {
  if (points.length < 3) return points.slice();
  const sorted = points.slice().sort(([ax, ay], [bx, by]) => (ax === bx ? ay - by : ax - bx));
  const lower = monotoneChain(sorted);
  const upper = monotoneChain(sorted.slice().reverse());
  const hull = lower.concat(upper);
  return hull.length < 3 ? points.slice() : hull;
}
