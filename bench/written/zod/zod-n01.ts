/** Edit distance between two keys, for "did you mean" hints on unrecognized keys. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

export function suggestKey(unknownKey: string, knownKeys: readonly string[], maxDistance = 2): string | undefined {
  let best: string | undefined;
  let bestScore = maxDistance + 1;
  for (const candidate of knownKeys) {
    const score = editDistance(unknownKey.toLowerCase(), candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
