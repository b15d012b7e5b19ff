import { OrderByCondition } from "../find-options/OrderByCondition"
import { TypeORMError } from "../error"

type Direction = "ASC" | "DESC"
type NullsPlacement = "NULLS FIRST" | "NULLS LAST"

const directions = new Set<string>(["ASC", "DESC"] satisfies Direction[])
const nullsPlacements = new Set<string>(["NULLS FIRST", "NULLS LAST"] satisfies NullsPlacement[])

/** Rejects orderBy input that would otherwise be interpolated into SQL as-is. */
export function checkOrderBy(orderBy: OrderByCondition): void {
    Object.entries(orderBy).forEach(([column, spec]) => {
        const order = typeof spec === "string" ? spec : spec && typeof spec === "object" ? spec.order : undefined
        if (order === undefined) {
            throw new TypeORMError(`Invalid order-by value for "${column}". Expected "ASC", "DESC", or { order, nulls } object.`)
        }
        if (!directions.has(order)) {
            throw new TypeORMError(`Invalid order direction "${order}" for "${column}". Allowed values: ASC, DESC.`)
        }
        const nulls = typeof spec === "object" ? spec.nulls : undefined
        if (nulls !== undefined && !nullsPlacements.has(nulls)) {
            throw new TypeORMError(`Invalid nulls option "${nulls}" for "${column}". Allowed values: NULLS FIRST, NULLS LAST.`)
        }
    })
}
