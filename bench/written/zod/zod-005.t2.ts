export function ownKeyCount(data: any): number {
  let total = 0;
  for (const key in data) {
    if (!Object.prototype.hasOwnProperty.call(data, key)) continue;
    total += 1;
  }
  return total;
}
