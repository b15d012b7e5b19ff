type SelectTree = { [key: string]: SelectTree | true }

/** ["user", "user.photos", "user.photos.tags"] -> { user: { photos: { tags: true } } } */
export function buildRelationTree(relationPaths: string[]): SelectTree {
    const tree: Record<string, any> = {}
    for (const relationPath of relationPaths) {
        let level = tree
        for (const part of relationPath.split(".")) {
            if (typeof level[part] !== "object" || level[part] === null) level[part] = {}
            level = level[part]
        }
    }
    const finish = (node: Record<string, any>): SelectTree => {
        const out: SelectTree = {}
        for (const [key, child] of Object.entries(node)) {
            out[key] = Object.keys(child).length === 0 ? true : finish(child)
        }
        return out
    }
    return finish(tree)
}
