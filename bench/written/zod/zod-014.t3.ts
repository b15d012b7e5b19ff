import type { EnumValue } from "./util.js";

// Reverse-mapped numeric enum entries have keys like "0", "1": drop them.
export function forwardEnumMembers(enumObject: Record<string, EnumValue>): EnumValue[] {
  const startsWithDigit = /^[-+]?\s*\d/;
  return Object.entries(enumObject).flatMap(([name, member]) => (startsWithDigit.test(name) ? [] : [member]));
}
