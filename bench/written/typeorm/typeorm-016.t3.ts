export function dedupe<T>(list: readonly T[], by?: keyof T | ((entry: T) => unknown)): T[] {
    const seen = new Set<unknown>()
    const result: T[] = []
    for (const entry of list) {
        let marker: unknown = entry
        if (typeof by === "function") marker = by(entry)
        else if (by !== undefined) marker = entry[by]
        if (seen.has(marker)) continue
        seen.add(marker)
        result.push(entry)
    }
    return result
}
