/**
 * Index at which `value` would be inserted to keep `sorted` ordered
 * (the first position whose item is not less than `value`).
 */
export const lowerBound = <T>(sorted: readonly T[], value: T, compare: (a: T, b: T) => number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid], value) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export const insertSorted = <T>(sorted: T[], value: T, compare: (a: T, b: T) => number): T[] => {
  sorted.splice(lowerBound(sorted, value, compare), 0, value);
  return sorted;
};
