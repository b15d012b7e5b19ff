export function looksLikePlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const Ctor = (value as { constructor?: unknown }).constructor;
  if (typeof Ctor !== "function") {
    return true;
  }
  const prototype = (Ctor as { prototype?: unknown }).prototype;
  if (typeof prototype !== "object" || prototype === null || Array.isArray(prototype)) {
    return false;
  }
  return Object.hasOwn(prototype, "isPrototypeOf");
}
