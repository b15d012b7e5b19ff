import * as z from "./index.js";
import type { ZodType } from "./schemas.js";

/** `propertyNames` support: every own key of the object must satisfy `nameSchema` before the object schema runs. */
export function enforcePropertyNames(target: ZodType, nameSchema: ZodType): ZodType {
  const keyCheck = z.unknown().transform((input) => input).superRefine((input, ctx) => {
    if (input === null || typeof input !== "object" || Array.isArray(input)) return;
    for (const name of Reflect.ownKeys(input)) {
      if (typeof name !== "string") continue;
      const parsed = nameSchema.safeParse(name);
      if (!parsed.success) {
        ctx.addIssue({ code: "invalid_key", origin: "record", issues: parsed.error.issues, input: name, path: [name], continue: true } as any);
      }
    }
  });
  return keyCheck.pipe(target);
}
