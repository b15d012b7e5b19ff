export function columnNameFromProperty(propertyName: string): string {
    const chars = [...propertyName]
    let out = ""
    chars.forEach((ch, i) => {
        const prev = chars[i - 1]
        const next = chars[i + 1]
        const isUpper = ch >= "A" && ch <= "Z"
        if (isUpper && prev !== undefined) {
            const prevLowerOrDigit = /[a-z0-9]/.test(prev)
            const acronymEnd = /[A-Z]/.test(prev) && next !== undefined && /[a-z]/.test(next)
            if (prevLowerOrDigit || acronymEnd) out += "_"
        }
        out += ch.toLowerCase()
    })
    return out
}
