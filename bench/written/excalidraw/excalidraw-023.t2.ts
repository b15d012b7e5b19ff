export function arrayToIdMap<T extends { id: string } | string>(items: readonly T[] | Map<string, T>): Map<string, T> {
  if (items instanceof Map) return items;
  const map = new Map<string, T>();
  for (const item of items) {
    const key = typeof item === "string" ? item : item.id;
    map.set(key, item);
  }
  return map;
}
