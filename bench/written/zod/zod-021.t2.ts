import type * as errors from "./errors.js";

export function detectParsedType(data: unknown): errors.$ZodInvalidTypeExpected {
  const t = typeof data;
  if (t === "number") return Number.isNaN(data) ? "nan" : "number";
  if (t !== "object") return t;
  if (data === null) return "null";
  if (Array.isArray(data)) return "array";
  const proto = Object.getPrototypeOf(data);
  const ctor = (data as { constructor?: { name: string } }).constructor;
  if (proto !== Object.prototype && "constructor" in (data as object) && ctor) return ctor.name;
  return t;
}
