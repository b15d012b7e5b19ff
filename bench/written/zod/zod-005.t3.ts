export function sizeOfRecord(value: any): number {
  const seen: string[] = [];
  for (const prop in value) {
    if (Object.hasOwn(value, prop)) seen.push(prop);
  }
  return seen.length;
}
