import { ObjectLiteral } from "../common/ObjectLiteral"

/** Opaque keyset-pagination cursor: the ordering columns of the last row, as base64url JSON. */
export function encodeCursor(lastRow: ObjectLiteral, columns: string[]): string {
    const values = columns.map((column) => {
        const value = lastRow[column]
        return value instanceof Date ? { $date: value.toISOString() } : value
    })
    return Buffer.from(JSON.stringify(values), "utf8").toString("base64url")
}

export function decodeCursor(cursor: string, columns: string[]): ObjectLiteral {
    let values: unknown
    try {
        values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))
    } catch {
        throw new Error("Malformed pagination cursor")
    }
    if (!Array.isArray(values) || values.length !== columns.length) {
        throw new Error("Pagination cursor does not match the ordering columns")
    }
    const row: ObjectLiteral = {}
    columns.forEach((column, i) => {
        const value = values[i]
        row[column] = value && typeof value === "object" && "$date" in value ? new Date(value.$date) : value
    })
    return row
}
