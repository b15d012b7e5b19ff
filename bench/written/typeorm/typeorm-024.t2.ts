import { OrmUtils } from "./OrmUtils"

export function isNullOrEmptyCriteria(criteria: unknown): boolean {
    if (criteria === undefined || criteria === null || criteria === "") return true
    if (Array.isArray(criteria)) return criteria.length === 0
    if (OrmUtils.isPlainObject(criteria)) return Object.keys(criteria).length === 0
    return false
}
