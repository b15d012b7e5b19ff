import type { EnumLike, EnumValue } from "./util.js";

// TS numeric enums carry a reverse mapping (1 -> "A"); keep only the forward members.
export function nativeEnumValues(target: EnumLike): EnumValue[] {
  const reverseKeys = Object.keys(target).filter((name) => typeof target[target[name] as any] === "number");
  return Object.keys(target)
    .filter((name) => !reverseKeys.includes(name))
    .map((name) => target[name] as EnumValue);
}
