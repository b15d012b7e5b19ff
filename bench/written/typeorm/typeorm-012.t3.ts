import { ColumnMetadata } from "../metadata/ColumnMetadata"

function matchEnumMember(raw: string, members: (string | number)[]): string | number {
    const numeric = Number(raw)
    if (!Number.isNaN(numeric) && members.includes(numeric)) return numeric
    return raw
}

/** simple-enum columns come back as strings ("a,b" for arrays); map them to the declared members. */
export function readSimpleEnumColumn(raw: any, column: ColumnMetadata): any {
    const members = column.enum
    if (members === undefined || members === null) return raw
    if (column.isArray && typeof raw === "string") {
        const out: (string | number)[] = []
        if (raw.length === 0) return out
        for (const piece of raw.split(",")) out.push(matchEnumMember(piece, members))
        return out
    }
    return matchEnumMember(raw, members)
}
