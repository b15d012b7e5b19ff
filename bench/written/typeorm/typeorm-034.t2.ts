import { OrderByCondition } from "../find-options/OrderByCondition"
import { TypeORMError } from "../error"

const VALID_ORDERS = ["ASC", "DESC"]
const VALID_NULLS = ["NULLS FIRST", "NULLS LAST"]

function assertDirection(key: string, direction: unknown): void {
    if (typeof direction === "string" && VALID_ORDERS.includes(direction)) return
    throw new TypeORMError(`Invalid order direction "${direction}" for "${key}". Allowed values: ${VALID_ORDERS.join(", ")}.`)
}

export function assertValidOrderBy(sort: OrderByCondition): void {
    for (const key of Object.keys(sort)) {
        const value = sort[key]
        if (typeof value === "string") {
            assertDirection(key, value)
            continue
        }
        if (typeof value !== "object" || value === null) {
            throw new TypeORMError(`Invalid order-by value for "${key}". Expected "ASC", "DESC", or { order, nulls } object.`)
        }
        assertDirection(key, value.order)
        if (value.nulls !== undefined && !VALID_NULLS.includes(value.nulls)) {
            throw new TypeORMError(`Invalid nulls option "${value.nulls}" for "${key}". Allowed values: ${VALID_NULLS.join(", ")}.`)
        }
    }
}
