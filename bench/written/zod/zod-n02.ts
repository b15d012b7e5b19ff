/** Freezes a default value recursively so a shared default can't be mutated by one parse and leak into the next. */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): Readonly<T> {
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value as object)) return value;
  seen.add(value as object);
  if (value instanceof Map || value instanceof Set) {
    for (const item of value.values()) deepFreeze(item, seen);
    if (value instanceof Map) for (const key of value.keys()) deepFreeze(key, seen);
    return value;
  }
  for (const key of Reflect.ownKeys(value as object)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  }
  return Object.freeze(value);
}
