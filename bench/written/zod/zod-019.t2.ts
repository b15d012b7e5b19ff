import type * as errors from "./errors.js";

export function prependIssuePath(key: PropertyKey, issues: errors.$ZodRawIssue[]): errors.$ZodRawIssue[] {
  for (const issue of issues) {
    const target = issue as any;
    target.path = [key, ...(target.path ?? [])];
  }
  return issues;
}
