import type { DatabaseType } from "../driver/types/DatabaseType"

const PARAMETER_LIMITS: Partial<Record<DatabaseType, number>> = {
    postgres: 65535,
    mssql: 2100,
    sqlite: 32766,
    mysql: 65535,
    oracle: 65535,
}

/** How many rows one INSERT can carry before the driver's bind-parameter limit is hit. */
export function maxRowsPerInsert(type: DatabaseType, columnsPerRow: number, reserved = 0): number {
    if (columnsPerRow <= 0) return Number.POSITIVE_INFINITY
    const limit = PARAMETER_LIMITS[type] ?? 999
    const rows = Math.floor((limit - reserved) / columnsPerRow)
    return Math.max(1, rows)
}
