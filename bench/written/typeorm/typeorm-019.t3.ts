const TRUTHY_STRINGS = new Set(["true", "1"])

/** Env vars and connection URL params arrive as strings; turn them into a boolean flag. */
export function flagFromOption(raw: unknown): boolean {
    if (raw === true || raw === false) return raw
    if (typeof raw === "number") return raw > 0
    return typeof raw === "string" && TRUTHY_STRINGS.has(raw)
}
