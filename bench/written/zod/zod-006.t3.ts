import { isPlainObject } from "./util.js";

const copiers: Array<[test: (v: unknown) => boolean, copy: (v: any) => unknown]> = [
  [(v) => isPlainObject(v), (v) => Object.assign({}, v)],
  [(v) => Array.isArray(v), (v) => Array.from(v)],
  [(v) => v instanceof Map, (v) => new Map(v.entries())],
  [(v) => v instanceof Set, (v) => new Set(v.values())],
];

export function duplicateTopLevel<T>(input: T): T {
  const match = copiers.find(([test]) => test(input));
  return (match ? match[1](input) : input) as T;
}
