import type * as errors from "./errors.js";

/** Nested schemas report paths relative to themselves; the parent puts its own key in front. */
export function scopeIssuesUnder(parentKey: PropertyKey, rawIssues: errors.$ZodRawIssue[]): errors.$ZodRawIssue[] {
  return rawIssues.map((raw) => {
    const mutable = raw as { path?: PropertyKey[] };
    if (!mutable.path) mutable.path = [];
    mutable.path.splice(0, 0, parentKey);
    return raw;
  });
}
