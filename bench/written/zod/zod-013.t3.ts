/** Length in code points, so an emoji counts once (String#length counts UTF-16 units). */
export function graphemeSafeLength(text: string): number {
  let total = 0;
  for (const _ of text) total++;
  return total;
}
