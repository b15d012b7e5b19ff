/** What a schema sync has to add or drop: items only in `actual` are extra, items only in `wanted` are missing. */
export function compareItemSets<T>(actual: readonly T[], wanted: readonly T[]) {
    const actualSet = new Set(actual)
    const wantedSet = new Set(wanted)
    return {
        extraItems: actual.filter((x) => !wantedSet.has(x)),
        missingItems: wanted.filter((x) => !actualSet.has(x)),
    }
}
