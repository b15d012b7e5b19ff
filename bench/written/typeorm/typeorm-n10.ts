import { ObjectLiteral } from "../common/ObjectLiteral"

function csvCell(value: unknown): string {
    if (value === null || value === undefined) return ""
    const text = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value)
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Exports raw query rows as CSV (RFC 4180 quoting), columns in the given order. */
export function rowsToCsv(rows: ObjectLiteral[], columns?: string[]): string {
    const header = columns ?? (rows.length > 0 ? Object.keys(rows[0]) : [])
    const lines = [header.map(csvCell).join(",")]
    for (const row of rows) lines.push(header.map((column) => csvCell(row[column])).join(","))
    return lines.join("\r\n")
}
