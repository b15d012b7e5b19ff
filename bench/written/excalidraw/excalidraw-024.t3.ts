export type Linked<T> = T & { prev: Linked<T> | null; next: Linked<T> | null };

/** Copies each item into a node of a circular doubly linked list; a single item links to nothing. */
export const circularLinks = <T>(items: readonly T[]): Linked<T>[] => {
  const out: Linked<T>[] = [];
  const count = items.length;
  items.forEach((item) => out.push({ ...item, prev: null, next: null }));
  if (count < 2) return out;
  out.forEach((node, i) => {
    node.next = out[(i + 1) % count];
    node.prev = out[(i - 1 + count) % count];
  });
  return out;
};
