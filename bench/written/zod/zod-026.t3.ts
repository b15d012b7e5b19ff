import type { ZodIssue } from "./ZodError.js";

export class IssueSummary<U = string> {
  readonly formErrors: U[] = [];
  readonly fieldErrors: { [field: string]: U[] } = Object.create(null);

  constructor(issues: readonly ZodIssue[], describe: (issue: ZodIssue) => U = (issue) => issue.message as unknown as U) {
    for (const issue of issues) {
      if (issue.path.length === 0) {
        this.formErrors.push(describe(issue));
      } else {
        const key = String(issue.path[0]);
        this.fieldErrors[key] = [...(this.fieldErrors[key] ?? []), describe(issue)];
      }
    }
  }
}
