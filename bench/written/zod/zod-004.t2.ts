export async function awaitObjectValues<T extends object>(input: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = Object.entries(input);
  const settled = await Promise.all(entries.map(([, value]) => value));
  return Object.fromEntries(entries.map(([key], index) => [key, settled[index]])) as { [K in keyof T]: Awaited<T[K]> };
}
