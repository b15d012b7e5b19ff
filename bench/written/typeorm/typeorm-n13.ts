/**
 * Splits a SQL script into statements on semicolons that are outside quotes,
 * identifiers and comments (for running hand-written migration files).
 */
export function splitSqlScript(script: string): string[] {
    const statements: string[] = []
    let current = ""
    let quote: string | null = null
    for (let i = 0; i < script.length; i++) {
        const ch = script[i]
        const next = script[i + 1]
        if (quote) {
            current += ch
            if (ch === quote) {
                if (next === quote) current += script[++i]
                else quote = null
            }
            continue
        }
        if (ch === "-" && next === "-") {
            const end = script.indexOf("\n", i)
            i = end === -1 ? script.length : end
            current += "\n"
            continue
        }
        if (ch === "/" && next === "*") {
            const end = script.indexOf("*/", i + 2)
            i = end === -1 ? script.length : end + 1
            continue
        }
        if (ch === "'" || ch === '"' || ch === "`") quote = ch
        if (ch === ";") {
            if (current.trim()) statements.push(current.trim())
            current = ""
            continue
        }
        current += ch
    }
    if (current.trim()) statements.push(current.trim())
    return statements
}
