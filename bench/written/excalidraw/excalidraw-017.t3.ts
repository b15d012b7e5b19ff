/** Splits items into consecutive groups of `groupSize` (the last one may be shorter). */
export function groupsOf<T>(items: readonly T[], groupSize: number): T[][] {
  const groups: T[][] = [];
  if (groupSize < 1) return groups;
  let current: T[] = [];
  for (const item of items) {
    current.push(item);
    if (current.length === groupSize) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length) groups.push(current);
  return groups;
}
