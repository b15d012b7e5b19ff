export function mixedTimeToText(value: string | any, skipSeconds = false): string | any {
    if (value instanceof Date) {
        const parts = [value.getHours(), value.getMinutes()]
        if (!skipSeconds) parts.push(value.getSeconds())
        value = parts.join(":")
    }
    if (typeof value !== "string") return value
    return value
        .split(":")
        .map((part) => part.padStart(2, "0"))
        .join(":")
}
