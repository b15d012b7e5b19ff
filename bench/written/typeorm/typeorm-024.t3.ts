/** find*By criteria that would match everything: nothing, "", [] or {}. */
export function matchesEverything(where: unknown): boolean {
    if (where == null) return true
    if (typeof where === "string") return where.length === 0
    if (Array.isArray(where)) return where.length === 0
    if (typeof where === "object") {
        const proto = Object.getPrototypeOf(where)
        const plain = proto === null || proto === Object.prototype
        return plain && Object.keys(where as object).length === 0
    }
    return false
}
