export function unanchorRegexSource(source: string): string {
  let from = 0;
  let to = source.length;
  if (source.startsWith("^")) from++;
  if (source.endsWith("$")) to--;
  return source.substring(from, to);
}
