/** Maps items in order and returns the first result that is neither null nor undefined. */
export const pickFirst = <In, Out>(items: readonly In[], pick: (item: In, i: number) => Out | null | undefined): Out | undefined => {
  let i = 0;
  for (const item of items) {
    const picked = pick(item, i++);
    if (picked !== null && picked !== undefined) return picked;
  }
  return undefined;
};
