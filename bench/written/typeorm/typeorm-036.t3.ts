import type { EntityMetadata } from "../metadata/EntityMetadata"
import type { FindTreesOptions } from "../repository/FindTreesOptions"

/** Nests closure-table rows under their parents, down to `options.depth` levels (a negative depth has no limit). */
export function nestDescendants(
    meta: EntityMetadata,
    parent: any,
    rows: any[],
    links: { id: any; parentId: any }[],
    options: FindTreesOptions & { depth: number },
): void {
    const childrenKey = meta.treeChildrenRelation!.propertyName
    if (options.depth === 0) {
        parent[childrenKey] = []
        return
    }
    const idColumn = meta.treeParentRelation!.joinColumns[0].referencedColumn ?? meta.primaryColumns[0]
    const parentValue = idColumn.getEntityValue(parent)
    const wanted = new Set<any>()
    for (const link of links) if (link.parentId === parentValue) wanted.add(link.id)
    const children: any[] = []
    for (const row of rows) if (wanted.has(idColumn.getEntityValue(row))) children.push(row)
    parent[childrenKey] = children
    for (const child of children) nestDescendants(meta, child, rows, links, { ...options, depth: options.depth - 1 })
}
