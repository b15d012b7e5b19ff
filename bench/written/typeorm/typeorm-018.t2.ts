function markLeaves(node: any): void {
    for (const key of Object.keys(node)) {
        const child = node[key]
        if (!child || typeof child !== "object") continue
        if (Object.keys(child).length === 0) node[key] = true
        else markLeaves(child)
    }
}

export function relationPathsToObject(paths: string[]) {
    const root: any = {}
    for (const path of paths) {
        const [first, ...rest] = path.split(".")
        if (root[first] === undefined || root[first] === true) root[first] = {}
        let node = root[first]
        rest.forEach((prop, i) => {
            if (!node) return
            if (node[prop]) {
                node = node[prop]
                return
            }
            node[prop] = {}
            node = i === rest.length - 1 ? null : node[prop]
        })
    }
    markLeaves(root)
    return root
}
