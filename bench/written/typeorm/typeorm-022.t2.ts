export function listsAreDisjoint<T>(...lists: T[][]): boolean {
    for (const list of lists) {
        for (const other of lists) {
            if (other === list) continue
            if (list.some((item) => other.includes(item))) return false
        }
    }
    return true
}
