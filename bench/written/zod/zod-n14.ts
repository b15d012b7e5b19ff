const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "1h30m", "250ms" or "2d 4h" into milliseconds; undefined when the text is not a duration. */
export function parseDuration(input: string): number | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const pattern = /(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of text.matchAll(pattern)) {
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
    consumed = match.index! + match[0].length;
    while (text[consumed] === " ") consumed++;
    pattern.lastIndex = consumed;
  }
  return consumed === text.length ? total : undefined;
}
