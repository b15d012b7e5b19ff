export const chunkArray = <T>(array: readonly T[], size: number): T[][] => {
  if (array.length === 0 || size < 1) return [];
  return Array.from({ length: Math.ceil(array.length / size) }, (_, i) =>
    array.slice(i * size, (i + 1) * size),
  );
};
