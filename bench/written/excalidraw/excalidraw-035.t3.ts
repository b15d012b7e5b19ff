import { rangeInclusive } from "./range";

import type { InclusiveRange } from "./types";

/** The part two closed intervals share, or null when they are disjoint (touching ends share one point). */
export const commonSpan = (first: InclusiveRange, second: InclusiveRange): InclusiveRange | null => {
  const [lo, hi] = first[0] <= second[0] ? [first, second] : [second, first];
  if (hi[0] > lo[1]) return null;
  return rangeInclusive(hi[0], lo[1] < hi[1] ? lo[1] : hi[1]);
};
