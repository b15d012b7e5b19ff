import type { $ZodError, $ZodIssue } from "./errors.js";

export function flattenIssues<T, U>(error: $ZodError<T>, mapper = (issue: $ZodIssue) => issue.message as U) {
  const rootIssues = error.issues.filter((issue) => issue.path.length === 0);
  const nested = error.issues.filter((issue) => issue.path.length > 0);
  const fieldErrors = nested.reduce<Record<PropertyKey, U[]>>((acc, issue) => {
    const field = issue.path[0]!;
    if (!Object.prototype.hasOwnProperty.call(acc, field)) {
      Object.defineProperty(acc, field, { value: [], writable: true, enumerable: true, configurable: true });
    }
    acc[field as any]!.push(mapper(issue));
    return acc;
  }, {});
  return { formErrors: rootIssues.map(mapper), fieldErrors };
}
