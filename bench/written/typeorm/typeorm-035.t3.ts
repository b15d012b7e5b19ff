import type { DatabaseType } from "../driver/types/DatabaseType"

/** SQL Server takes table hints after the table name instead of FOR UPDATE / FOR SHARE. */
export function sqlServerTableHint(driverType: DatabaseType, mode?: "pessimistic_read" | "pessimistic_write" | "dirty_read" | string): string {
    if (driverType !== "mssql") return ""
    if (mode === "dirty_read") return " WITH (NOLOCK)"
    if (mode === "pessimistic_read" || mode === "pessimistic_write") {
        const kind = mode === "pessimistic_read" ? "HOLDLOCK" : "UPDLOCK"
        return ` WITH (${kind}, ROWLOCK)`
    }
    return ""
}
