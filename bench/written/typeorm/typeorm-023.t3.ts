/** Turns `{ posts: { comments: {} } }` into `{ posts: { comments: true } }` in place. */
export function markRelationLeaves(selection: Record<string, any>): void {
    Object.entries(selection).forEach(([name, value]) => {
        if (value === null || typeof value !== "object") return
        const isLeaf = Object.keys(value).length === 0
        if (isLeaf) {
            selection[name] = true
        } else {
            markRelationLeaves(value)
        }
    })
}
