/** Splits rows into groups of `size` so bulk inserts stay under the driver's parameter limit. */
export function splitIntoGroups<T>(rows: readonly T[], size: number): T[][] {
    return rows.reduce<T[][]>((groups, row, index) => {
        if (index % size === 0) groups.push([])
        groups[groups.length - 1].push(row)
        return groups
    }, [])
}
