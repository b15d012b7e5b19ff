/**
 * The value every selected element shares (e.g. the stroke color shown in the
 * properties panel), or null when they differ, any is missing, or there are none.
 */
export const uniformValue = <Item, Value = Item>(
  items: Iterable<Item>,
  read: (item: Item) => Value = (item) => item as unknown as Value,
): Value | null => {
  const seen = new Set<Value>();
  for (const item of items) {
    const value = read(item);
    if (value === null || value === undefined) return null;
    seen.add(value);
    if (seen.size > 1) return null;
  }
  const [only] = seen;
  return seen.size === 1 ? only : null;
};
