import type { EnumLike, EnumValue } from "./util.js";

export function valuesOfEnum(entries: EnumLike): EnumValue[] {
  const numeric = new Set(Object.values(entries).filter((v): v is number => typeof v === "number"));
  const out: EnumValue[] = [];
  for (const [key, value] of Object.entries(entries)) {
    if (numeric.has(+key)) continue;
    out.push(value);
  }
  return out;
}
