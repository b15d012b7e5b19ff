export function emptyObjectsToTrue(obj: any): void {
    const stack: any[] = [obj]
    while (stack.length > 0) {
        const node = stack.pop()
        for (const key in node) {
            const child = node[key]
            if (!child || typeof child !== "object") continue
            if (Object.keys(child).length === 0) node[key] = true
            else stack.push(child)
        }
    }
}
