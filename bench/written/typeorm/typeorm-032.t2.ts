import type { Driver } from "./Driver"
import { hash, shorten } from "../util/StringUtils"

export function buildSafeAlias(driver: Driver, buildOptions: { shorten?: boolean; joiner?: string } | undefined, ...alias: string[]): string {
    const { maxAliasLength } = driver
    const joined = alias.join(buildOptions?.joiner ?? "_")
    const tooLong = !!maxAliasLength && maxAliasLength > 0 && joined.length > maxAliasLength
    if (!tooLong) return joined

    const short = buildOptions?.shorten === true ? shorten(joined) : undefined
    if (short !== undefined && short.length < maxAliasLength!) return short
    return hash(joined, { length: maxAliasLength })
}
