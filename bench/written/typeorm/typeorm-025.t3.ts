import { ObjectLiteral } from "../common/ObjectLiteral"
import { OrmUtils } from "./OrmUtils"

/** Compares two entity id maps; `{ id: 1 }` vs `{ id: 1 }` skips the deep comparison. */
export function sameEntityId(a?: ObjectLiteral, b?: ObjectLiteral): boolean {
    if (a === undefined || a === null) return false
    if (b === undefined || b === null) return false
    const keysA = Object.keys(a)
    const keysB = Object.keys(b)
    const onlyId = keysA.length === 1 && keysB.length === 1
    const kind = typeof a.id
    if (onlyId && (kind === "string" || kind === "number") && kind === typeof b.id) {
        return a.id === b.id
    }
    return OrmUtils.deepCompare(a, b)
}
