export interface Group<K, V> {
    id: K
    items: V[]
}

/** Groups in first-seen order; keys are compared with ===, like Map keys (except NaN). */
export function bucketize<V, K>(values: readonly V[], keyFn: (value: V) => K): Group<K, V>[] {
    const index = new Map<K, Group<K, V>>()
    for (const value of values) {
        const key = keyFn(value)
        let group = index.get(key)
        if (group === undefined) {
            group = { id: key, items: [] }
            index.set(key, group)
        }
        group.items.push(value)
    }
    return Array.from(index.values())
}
