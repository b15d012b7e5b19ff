import type { DatabaseType } from "../driver/types/DatabaseType"

const MSSQL_LOCK_HINTS: Record<string, string> = {
    pessimistic_read: " WITH (HOLDLOCK, ROWLOCK)",
    pessimistic_write: " WITH (UPDLOCK, ROWLOCK)",
    dirty_read: " WITH (NOLOCK)",
}

export function tableLockHint(type: DatabaseType, lockMode: string | undefined): string {
    if (type !== "mssql" || lockMode === undefined) return ""
    return MSSQL_LOCK_HINTS[lockMode] ?? ""
}
