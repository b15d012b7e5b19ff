export function formatSqlDate(input: Date | string, useUtc = false): string {
    if (typeof input === "string") return input
    const parts = useUtc
        ? [input.getUTCFullYear(), input.getUTCMonth() + 1, input.getUTCDate()]
        : [input.getFullYear(), input.getMonth() + 1, input.getDate()]
    const [y, m, d] = parts
    return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`
}
