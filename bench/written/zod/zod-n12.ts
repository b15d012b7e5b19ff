import { isPlainObject } from "./util.js";

/** Merges plain objects recursively; arrays and other values from `override` replace those in `base`. */
export function deepMergeParams<T extends Record<string, unknown>>(base: T, override: Partial<T>): T {
  const result: Record<string, unknown> = { ...base };
  for (const [key, next] of Object.entries(override)) {
    if (next === undefined) continue;
    const current = result[key];
    result[key] = isPlainObject(current) && isPlainObject(next) ? deepMergeParams(current, next) : next;
  }
  return result as T;
}
