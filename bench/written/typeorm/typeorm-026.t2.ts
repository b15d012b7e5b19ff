export function versionAtLeast(version: string | undefined, targetVersion: string): boolean {
    if (!version) return false
    const toNumbers = (v: string) => v.split(".").map((part) => parseInt(part, 10))
    const current = toNumbers(version)
    const target = toNumbers(targetVersion)
    const length = Math.max(current.length, target.length)
    let i = 0
    while (i < length) {
        const diff = (current[i] ?? 0) - (target[i] ?? 0)
        if (diff !== 0) return diff > 0
        i++
    }
    return true
}
