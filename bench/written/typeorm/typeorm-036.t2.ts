import type { EntityMetadata } from "../metadata/EntityMetadata"
import type { FindTreesOptions } from "../repository/FindTreesOptions"

export function buildChildrenTree(
    metadata: EntityMetadata,
    root: any,
    entities: any[],
    relationMaps: { id: any; parentId: any }[],
    options: FindTreesOptions & { depth: number },
): void {
    const childProperty = metadata.treeChildrenRelation!.propertyName
    const joinColumn = metadata.treeParentRelation!.joinColumns[0]
    const referencedColumn = joinColumn.referencedColumn ?? metadata.primaryColumns[0]

    const queue: { entity: any; depth: number }[] = [{ entity: root, depth: options.depth }]
    while (queue.length > 0) {
        const { entity, depth } = queue.shift()!
        if (depth === 0) {
            entity[childProperty] = []
            continue
        }
        const parentId = referencedColumn.getEntityValue(entity)
        const childIds = new Set(relationMaps.filter((m) => m.parentId === parentId).map((m) => m.id))
        const children = entities.filter((candidate) => childIds.has(referencedColumn.getEntityValue(candidate)))
        entity[childProperty] = children
        for (const child of children) queue.push({ entity: child, depth: depth - 1 })
    }
}
