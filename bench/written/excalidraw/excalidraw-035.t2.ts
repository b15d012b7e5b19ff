import { toBrandedType } from "@excalidraw/common";

import type { InclusiveRange } from "./types";

export function overlapOfRanges(a: InclusiveRange, b: InclusiveRange): InclusiveRange | null {
  const [start, end] = [Math.max(a[0], b[0]), Math.min(a[1], b[1])];
  return start > end ? null : toBrandedType<InclusiveRange>([start, end]);
}
