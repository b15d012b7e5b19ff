/** Column lists are compared without regard to order (as in index and unique definitions). */
export function columnsMatch<T>(current: readonly T[], expected: readonly T[]): boolean {
    if (current.length !== expected.length) return false
    for (const column of current) {
        if (expected.indexOf(column) === -1) return false
    }
    return true
}
