/** Escapes LIKE wildcards in user input so `Like(`%${term}%`)` matches the text literally. */
export function escapeLikePattern(term: string, escapeChar = "\\"): string {
    if (escapeChar.length !== 1) throw new Error("escape character must be a single character")
    let out = ""
    for (const ch of term) {
        if (ch === "%" || ch === "_" || ch === escapeChar) out += escapeChar
        out += ch
    }
    return out
}

export function containsPattern(term: string): string {
    return `%${escapeLikePattern(term)}%`
}
