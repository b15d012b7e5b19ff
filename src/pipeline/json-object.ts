/**
 * @fileoverview One test for "a JSON object" (not null, not an array), for
 * code that reads parsed JSON of unknown shape.
 */

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
