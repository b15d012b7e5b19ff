export function arraysDifference<T>(arr1: T[], arr2: T[]): { extraItems: T[]; missingItems: T[] } {
    const extraItems: T[] = []
    const missingItems: T[] = []
    for (const item of arr1) if (!arr2.includes(item)) extraItems.push(item)
    for (const item of arr2) if (!arr1.includes(item)) missingItems.push(item)
    return { extraItems, missingItems }
}
