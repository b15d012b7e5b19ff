import type { GlobalPoint, LocalPoint } from "./types";

/** Gift-wrapping (Jarvis march) convex hull, counter-clockwise; fewer than 3 distinct hull points returns the input. */
export const wrapPoints = <P extends LocalPoint | GlobalPoint>(input: readonly P[]): P[] => {
  if (input.length < 3) return [...input];
  let start = 0;
  for (let i = 1; i < input.length; i++) {
    const [x, y] = input[i];
    const [sx, sy] = input[start];
    if (x < sx || (x === sx && y < sy)) start = i;
  }
  const hull: P[] = [];
  let current = start;
  do {
    hull.push(input[current]);
    let candidate = (current + 1) % input.length;
    for (let i = 0; i < input.length; i++) {
      const [ox, oy] = input[current];
      const [ax, ay] = input[candidate];
      const [bx, by] = input[i];
      const turn = (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
      const farther = (bx - ox) ** 2 + (by - oy) ** 2 > (ax - ox) ** 2 + (ay - oy) ** 2;
      if (turn < 0 || (turn === 0 && farther)) candidate = i;
    }
    current = candidate;
  } while (current !== start && hull.length <= input.length);
  return hull.length >= 3 ? hull : [...input];
};
