/** Array#findIndex with a start position; a negative start counts from the end. */
export const searchIndex = <Item>(
  list: readonly Item[],
  matches: (item: Item, position: number, all: readonly Item[]) => boolean,
  start = 0,
): number => {
  let position = start < 0 ? list.length + start : start;
  if (position < 0) position = 0;
  while (position < list.length) {
    if (matches(list[position], position, list)) {
      return position;
    }
    position += 1;
  }
  return -1;
};
