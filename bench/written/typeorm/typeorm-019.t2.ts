export function asBoolean(value: any): boolean {
    switch (typeof value) {
        case "boolean":
            return value
        case "string":
            return ["true", "1"].includes(value)
        case "number":
            return value > 0
        default:
            return false
    }
}
