import type { StandardSchemaV1 } from "../standard-schema.js";
import { toDotPath } from "./errors.js";

const pathLength = (issue: StandardSchemaV1.Issue) => issue.path?.length ?? 0;

export function formatIssuesForConsole(error: StandardSchemaV1.FailureResult): string {
  return [...error.issues]
    .sort((a, b) => pathLength(a) - pathLength(b))
    .flatMap((issue) => (issue.path?.length ? [`✖ ${issue.message}`, `  → at ${toDotPath(issue.path)}`] : [`✖ ${issue.message}`]))
    .join("\n");
}
