/**
 * Makes long join aliases fit identifier limits: "user__profilePhoto" -> "user__prPh".
 * A segment made of several camelCase/snake_case words keeps `termLength` chars of each,
 * a single-word segment keeps `segmentLength`.
 */
export function compactAlias(alias: string, opts: { separator?: string; segmentLength?: number; termLength?: number } = {}): string {
    const sep = opts.separator ?? "__"
    const single = opts.segmentLength ?? 4
    const perWord = opts.termLength ?? 2
    return alias
        .split(sep)
        .map((part) => {
            const words: string[] = []
            let current = ""
            for (let i = 0; i < part.length; i++) {
                const ch = part[i]
                const prev = part[i - 1]
                const camelBreak = prev !== undefined && /[a-z\xE0-\xFF]/.test(prev) && /[A-Z\xC0-\xDF]/.test(ch)
                const snakeBreak = ch === "_" && /[a-z]/.test(part[i + 1] ?? "")
                if (camelBreak) {
                    words.push(current)
                    current = ch
                } else if (snakeBreak) {
                    words.push(current)
                    current = ""
                } else {
                    current += ch
                }
            }
            words.push(current)
            const take = words.length > 1 ? perWord : single
            return words.map((w) => w.substring(0, take)).join("")
        })
        .join(sep)
}
