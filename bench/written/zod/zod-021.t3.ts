import type * as errors from "./errors.js";

/** A name for the received value in "expected X, received Y" messages. */
export function receivedTypeLabel(input: unknown): errors.$ZodInvalidTypeExpected {
  if (typeof input === "number" && input !== input) return "nan";
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (typeof input === "object") {
    const prototype = Object.getPrototypeOf(input);
    const className = (input as any).constructor?.name;
    if (prototype !== Object.prototype && Object.prototype.hasOwnProperty.call(prototype ?? {}, "constructor") && className) {
      return className;
    }
    return "object";
  }
  return typeof input;
}
