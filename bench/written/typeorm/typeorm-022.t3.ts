/** True when no value appears in two of the given lists (a value repeated inside one list is fine). */
export function noOverlap<T>(...groups: readonly T[][]): boolean {
    const owner = new Map<T, readonly T[]>()
    for (const group of groups) {
        for (const value of group) {
            const first = owner.get(value)
            if (first !== undefined && first !== group) return false
            owner.set(value, group)
        }
    }
    return true
}
