import type * as schemas from "./schemas.js";

export function optionalShapeKeys(shape: schemas.$ZodShape): string[] {
  const keys: string[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const { optin, optout } = schema._zod;
    if (optin === undefined) continue;
    if (optout === "optional") keys.push(key);
  }
  return keys;
}
