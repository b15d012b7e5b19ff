type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

export type SnakeKeys<T> = { [K in keyof T as K extends string ? SnakeCase<K> : K]: T[K] };

export function toSnakeCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** Renames the top-level keys of a parsed object for APIs that expect snake_case. */
export function snakeCaseKeys<T extends Record<string, unknown>>(input: T): SnakeKeys<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) out[toSnakeCase(key)] = value;
  return out as SnakeKeys<T>;
}
