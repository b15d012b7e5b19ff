import type { StandardSchemaV1 } from "../standard-schema.js";

type PathInput = readonly (string | number | symbol | StandardSchemaV1.PathSegment)[];

const segmentText = (seg: PropertyKey, isFirst: boolean): string => {
  if (typeof seg === "number") return `[${seg}]`;
  if (typeof seg === "symbol") return `[${JSON.stringify(String(seg))}]`;
  if (/[^\w$]/.test(seg)) return `[${JSON.stringify(seg)}]`;
  return isFirst ? seg : `.${seg}`;
};

export function pathToString(input: PathInput): string {
  const keys = input.map((seg: any) => (typeof seg === "object" ? seg.key : seg) as PropertyKey);
  let out = "";
  for (const key of keys) out += segmentText(key, out.length === 0);
  return out;
}
