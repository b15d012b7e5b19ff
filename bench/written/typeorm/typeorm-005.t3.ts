import { PlatformTools } from "../platform/PlatformTools"

/** A stable sha1-based name for generated constraint/alias names, cut to `length` characters when one is given. */
export function digestName(value: string, options?: { length?: number }): string {
    const limit = options?.length ?? 0
    const hex = PlatformTools.sha1(value)
    if (limit <= 0) {
        return hex
    }
    return hex.substring(0, limit)
}
