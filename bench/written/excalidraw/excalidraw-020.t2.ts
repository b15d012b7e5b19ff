export function firstMapped<T, K>(
  collection: readonly T[],
  iteratee: (value: T, index: number) => K | undefined | null,
): K | undefined {
  let found: K | undefined;
  collection.some((value, index) => {
    const mapped = iteratee(value, index);
    if (mapped == null) return false;
    found = mapped;
    return true;
  });
  return found;
}
