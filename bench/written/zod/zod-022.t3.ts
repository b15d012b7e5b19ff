import type { $ZodError, $ZodIssue } from "./errors.js";

interface FieldAndFormErrors<U> {
  formErrors: U[];
  fieldErrors: Record<PropertyKey, U[]>;
}

/** Top-level issues go to formErrors; the rest are grouped by their first path key. */
export function errorsByTopLevelKey<T, U = string>(
  zodError: $ZodError<T>,
  toMessage: (issue: $ZodIssue) => U = (issue) => issue.message as U
): FieldAndFormErrors<U> {
  const grouped = new Map<PropertyKey, U[]>();
  const general: U[] = [];
  for (const issue of zodError.issues) {
    const [head] = issue.path;
    if (head === undefined) {
      general.push(toMessage(issue));
      continue;
    }
    const bucket = grouped.get(head) ?? [];
    bucket.push(toMessage(issue));
    grouped.set(head, bucket);
  }
  const fieldErrors: Record<PropertyKey, U[]> = {};
  for (const [key, list] of grouped) {
    Object.defineProperty(fieldErrors, key, { value: list, enumerable: true, writable: true, configurable: true });
  }
  return { formErrors: general, fieldErrors };
}
