/** JSON.stringify with object keys sorted at every level, so snapshots of generated schemas are stable. */
export function stableStringify(value: unknown, indent?: number): string {
  const normalize = (input: unknown, stack: unknown[]): unknown => {
    if (input === null || typeof input !== "object") return input;
    if (stack.includes(input)) throw new TypeError("Converting circular structure to JSON");
    const next = [...stack, input];
    if (Array.isArray(input)) return input.map((item) => normalize(item, next));
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(input).sort()) {
      sorted[key] = normalize((input as Record<string, unknown>)[key], next);
    }
    return sorted;
  };
  return JSON.stringify(normalize(value, []), null, indent);
}
