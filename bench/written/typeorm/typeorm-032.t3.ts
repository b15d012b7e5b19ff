import type { Driver } from "./Driver"
import { hash, shorten } from "../util/StringUtils"

/** Joins alias parts and makes sure the result fits the driver's identifier limit (Postgres: 63). */
export function aliasForDriver(
    driver: Pick<Driver, "maxAliasLength">,
    options: { shorten?: boolean; joiner?: string } = {},
    ...parts: string[]
): string {
    const limit = driver.maxAliasLength ?? 0
    const full = parts.length === 1 ? parts[0] : parts.join(options.joiner ?? "_")
    if (limit <= 0 || full.length <= limit) return full
    if (options.shorten) {
        const candidate = shorten(full)
        if (candidate.length < limit) return candidate
    }
    return hash(full, { length: limit })
}
