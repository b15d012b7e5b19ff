/** Indexes elements (or plain ids) by id; a Map passed in is returned as is. */
export const indexById = <Item extends string | { id: string }>(source: readonly Item[] | Map<string, Item>) =>
  source instanceof Map
    ? source
    : new Map<string, Item>(source.map((entry) => [typeof entry === "string" ? entry : entry.id, entry] as const));
