import type { ZodIssue } from "./ZodError.js";

export function flattenZodIssues<U = string>(issues: ZodIssue[], mapper: (issue: ZodIssue) => U = (issue) => issue.message as any) {
  const fieldErrors: Record<string, U[]> = Object.create(null);
  const formErrors: U[] = [];
  issues.forEach((issue) => {
    const [first] = issue.path;
    if (first === undefined) {
      formErrors.push(mapper(issue));
      return;
    }
    (fieldErrors[first] ??= []).push(mapper(issue));
  });
  return { formErrors, fieldErrors };
}
