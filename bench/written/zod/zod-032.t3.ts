import type { $ZodType } from "./schemas.js";

/** Metadata lookup that walks the clone chain: a `.optional()` copy sees what its source was given, except its id. */
export function lookupInheritedMeta<M extends object>(store: WeakMap<$ZodType, M>, schema: $ZodType): M | undefined {
  const chain: $ZodType[] = [];
  for (let s: $ZodType | undefined = schema; s; s = s._zod.parent as $ZodType | undefined) chain.unshift(s);
  if (chain.length === 1) return store.get(schema);
  let result: Record<string, unknown> = {};
  chain.forEach((link, i) => {
    const entry = store.get(link) ?? {};
    result = { ...result, ...entry };
    if (i < chain.length - 1) delete result.id;
  });
  return Object.keys(result).length ? (result as M) : undefined;
}
