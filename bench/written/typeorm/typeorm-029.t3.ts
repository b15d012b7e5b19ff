import { TypeORMError } from "../error"

/**
 * Returns a visitor that appends nodes to `order` in dependency-first order (post-order DFS),
 * optionally only the leaves, and throws on a cycle showing the path. Iterative so deep graphs don't overflow.
 */
export function dependencyOrderVisitor(graph: { [node: string]: string[] }, onlyLeaves: boolean, order: string[]) {
    const done: { [node: string]: boolean } = {}
    const onStack: string[] = []
    return (start: string) => {
        const frames: { node: string; next: number }[] = [{ node: start, next: 0 }]
        done[start] = true
        onStack.push(start)
        while (frames.length) {
            const frame = frames[frames.length - 1]
            const targets = graph[frame.node]
            if (frame.next < targets.length) {
                const target = targets[frame.next++]
                if (!done[target]) {
                    done[target] = true
                    onStack.push(target)
                    frames.push({ node: target, next: 0 })
                } else if (onStack.includes(target)) {
                    throw new TypeORMError(`Dependency Cycle Found: ${[...onStack, target].join(" -> ")}`)
                }
                continue
            }
            frames.pop()
            onStack.pop()
            if ((!onlyLeaves || targets.length === 0) && !order.includes(frame.node)) order.push(frame.node)
        }
    }
}
