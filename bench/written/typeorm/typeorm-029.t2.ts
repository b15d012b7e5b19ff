import { TypeORMError } from "../error"

export function createDepthFirstWalker(edges: Record<string, string[]>, leavesOnly: boolean, result: string[]) {
    const visited = new Set<string>()
    const path: string[] = []

    const walk = (node: string): void => {
        visited.add(node)
        path.push(node)
        for (const next of edges[node]) {
            if (!visited.has(next)) {
                walk(next)
                continue
            }
            if (path.includes(next)) {
                throw new TypeORMError(`Dependency Cycle Found: ${[...path, next].join(" -> ")}`)
            }
        }
        path.pop()
        const isLeaf = edges[node].length === 0
        if ((!leavesOnly || isLeaf) && !result.includes(node)) result.push(node)
    }
    return walk
}
