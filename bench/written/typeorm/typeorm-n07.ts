function bigrams(word: string): Map<string, number> {
    const counts = new Map<string, number>()
    const text = word.toLowerCase()
    for (let i = 0; i < text.length - 1; i++) {
        const pair = text.slice(i, i + 2)
        counts.set(pair, (counts.get(pair) ?? 0) + 1)
    }
    return counts
}

/** Sørensen–Dice similarity of two names over their letter pairs (0..1). */
export function nameSimilarity(a: string, b: string): number {
    if (a.length < 2 || b.length < 2) return a.toLowerCase() === b.toLowerCase() ? 1 : 0
    const left = bigrams(a)
    const right = bigrams(b)
    let overlap = 0
    for (const [pair, count] of left) overlap += Math.min(count, right.get(pair) ?? 0)
    return (2 * overlap) / (a.length - 1 + (b.length - 1))
}

/** For "No metadata for \"Usr\"" errors: the closest registered entity name, if any is close enough. */
export function closestEntityName(requested: string, known: readonly string[], threshold = 0.6): string | undefined {
    let best: string | undefined
    let bestScore = threshold
    for (const name of known) {
        const score = nameSimilarity(requested, name)
        if (score >= bestScore) {
            best = name
            bestScore = score
        }
    }
    return best
}
