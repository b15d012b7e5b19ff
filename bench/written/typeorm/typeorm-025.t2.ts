import { ObjectLiteral } from "../common/ObjectLiteral"
import { OrmUtils } from "./OrmUtils"

const isSimpleId = (id: ObjectLiteral) => Object.keys(id).length === 1 && (typeof id.id === "string" || typeof id.id === "number")

export function idsEqual(firstId: ObjectLiteral | undefined, secondId: ObjectLiteral | undefined): boolean {
    if (firstId == null || secondId == null) return false
    if (isSimpleId(firstId) && isSimpleId(secondId) && typeof firstId.id === typeof secondId.id) {
        return firstId.id === secondId.id
    }
    return OrmUtils.deepCompare(firstId, secondId)
}
