import { isPlainObject } from "./util.js";

export function cloneShallow(value: any): any {
  switch (true) {
    case isPlainObject(value):
      return { ...value };
    case Array.isArray(value):
      return value.slice();
    case value instanceof Map:
      return new Map(value);
    case value instanceof Set:
      return new Set(value);
    default:
      return value;
  }
}
