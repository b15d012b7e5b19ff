import * as z from "./index.js";
import type { ZodType } from "./schemas.js";

const isRecordLike = (value: unknown): value is object => typeof value === "object" && value !== null && !Array.isArray(value);

export function validatePropertyNames(objectSchema: ZodType, keySchema: ZodType): ZodType {
  const passthrough = z.transform((value: unknown) => value);
  const checked = passthrough.check((payload) => {
    if (!isRecordLike(payload.value)) return;
    const failures = Object.getOwnPropertyNames(payload.value)
      .map((key) => ({ key, result: keySchema.safeParse(key) }))
      .filter(({ result }) => !result.success);
    for (const { key, result } of failures) {
      payload.issues.push({ code: "invalid_key", origin: "record", issues: result.error!.issues, input: key, path: [key], continue: true });
    }
  });
  return checked.pipe(objectSchema);
}
