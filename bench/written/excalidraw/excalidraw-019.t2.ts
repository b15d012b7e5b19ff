export function findIndexFrom<T>(
  array: readonly T[],
  cb: (element: T, index: number, array: readonly T[]) => boolean,
  fromIndex = 0,
): number {
  const start = fromIndex < 0 ? Math.max(array.length + fromIndex, 0) : Math.min(fromIndex, array.length);
  for (let index = start; index < array.length; index++) {
    if (cb(array[index], index, array)) return index;
  }
  return -1;
}
