export function uniqueBy<T, K extends keyof T>(array: T[], criteriaOrProperty?: ((item: T) => unknown) | K): T[] {
    const keyOf =
        typeof criteriaOrProperty === "function"
            ? criteriaOrProperty
            : typeof criteriaOrProperty === "string"
              ? (item: T) => item[criteriaOrProperty]
              : (item: T) => item
    const unique: T[] = []
    for (const item of array) {
        const key = keyOf(item)
        if (!unique.some((kept) => keyOf(kept) === key)) unique.push(item)
    }
    return unique
}
