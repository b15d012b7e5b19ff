import type * as schemas from "./schemas.js";

/** Keys whose schema accepts a missing value on input and produces an optional output. */
export function keysThatMayBeOmitted(shape: schemas.$ZodShape): string[] {
  const isOmittable = (s: schemas.$ZodType): boolean => typeof s._zod.optin === "string" && s._zod.optout === "optional";
  return Object.keys(shape).reduce<string[]>((acc, name) => (isOmittable(shape[name]!) ? [...acc, name] : acc), []);
}
