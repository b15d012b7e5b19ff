export function commonValueOf<T, R = T>(collection: readonly T[] | ReadonlySet<T>, getValue?: (item: T) => R): R | null {
  const values = Array.from(collection, getValue ?? ((item: T) => item as unknown as R));
  if (values.length === 0) return null;
  const [first] = values;
  if (first == null) return null;
  return values.every((value) => value === first) ? first : null;
}
