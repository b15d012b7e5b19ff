export function groupItemsBy<T, R>(array: T[], propertyCallback: (item: T) => R): { id: R; items: T[] }[] {
    const groups: { id: R; items: T[] }[] = []
    for (const value of array) {
        const id = propertyCallback(value)
        const existing = groups.find((group) => group.id === id)
        if (existing) {
            existing.items.push(value)
            continue
        }
        groups.push({ id, items: [value] })
    }
    return groups
}
