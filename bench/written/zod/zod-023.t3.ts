import type { StandardSchemaV1 } from "../standard-schema.js";

const IDENTIFIER = /^[\w$]+$/;

/** Renders an issue path like JavaScript property access: `user.tags[0]["first name"]`. */
export function accessorPath(path: ReadonlyArray<PropertyKey | StandardSchemaV1.PathSegment>): string {
  return path.reduce<string>((acc, part) => {
    const key = typeof part === "object" && part !== null ? part.key : part;
    if (typeof key === "number") return `${acc}[${key}]`;
    if (typeof key === "symbol") return `${acc}[${JSON.stringify(key.toString())}]`;
    if (!IDENTIFIER.test(key)) return `${acc}[${JSON.stringify(key)}]`;
    return acc === "" ? key : `${acc}.${key}`;
  }, "");
}
