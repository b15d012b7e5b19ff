import type { StandardSchemaV1 } from "../standard-schema.js";
import { toDotPath } from "./errors.js";

export function humanReadableIssues(result: StandardSchemaV1.FailureResult): string {
  const byDepth = result.issues.slice().sort((left, right) => {
    const l = left.path ? left.path.length : 0;
    const r = right.path ? right.path.length : 0;
    return l - r;
  });
  let text = "";
  for (const { message, path } of byDepth) {
    if (text) text += "\n";
    text += `✖ ${message}`;
    if (path && path.length > 0) text += `\n  → at ${toDotPath(path)}`;
  }
  return text;
}
