/** Driver feature checks: is the server's "8.0.13" at least "8.0"? Missing parts count as 0. */
export function supportsVersion(serverVersion: string | undefined, required: string): boolean {
    if (serverVersion === undefined || serverVersion === "") return false
    const have = serverVersion.split(".")
    const need = required.split(".")
    for (let i = 0; i < Math.max(have.length, need.length); i++) {
        const h = i < have.length ? Number.parseInt(have[i], 10) : 0
        const n = i < need.length ? Number.parseInt(need[i], 10) : 0
        if (h !== n) return h > n
    }
    return true
}
