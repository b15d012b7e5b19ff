/** "YYYY-MM-DD HH:mm:ss.SSS" in UTC, the format datetime columns are written in. */
export function utcTimestampText(input: Date | string | unknown): unknown {
    const date = typeof input === "string" ? new Date(input) : input
    if (!(date instanceof Date)) return input
    const iso = date.toISOString()
    const year = date.getUTCFullYear()
    const rest = iso.slice(iso.indexOf("-"), iso.indexOf("T")) + " " + iso.slice(iso.indexOf("T") + 1, iso.indexOf("Z"))
    return String(year).padStart(4, "0") + rest
}
