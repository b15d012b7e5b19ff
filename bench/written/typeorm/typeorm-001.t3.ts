const SEPARATOR = /[\s_-]/

export function propertyNameFromColumn(input: string, pascal = false): string {
    let result = ""
    let upperNext = pascal
    for (let i = 0; i < input.length; i++) {
        const ch = input[i]
        if (SEPARATOR.test(ch)) {
            upperNext = true
            continue
        }
        if (upperNext) {
            result += ch.toUpperCase()
            upperNext = false
        } else if (i === 0) {
            result += ch.toLowerCase()
        } else {
            result += ch
        }
    }
    return result
}
