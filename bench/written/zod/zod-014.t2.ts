import type { EnumValue } from "./util.js";

export function enumValuesFromObject(obj: Record<string, EnumValue>): EnumValue[] {
  const values: EnumValue[] = [];
  for (const key of Object.keys(obj)) {
    const isNumericKey = !Number.isNaN(Number.parseInt(key, 10));
    if (isNumericKey) continue;
    values.push(obj[key]!);
  }
  return values;
}
