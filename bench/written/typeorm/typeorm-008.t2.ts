export function parseSimpleArray(value: string | any): string | any {
    if (typeof value !== "string") return value
    return value.length > 0 ? value.split(",") : []
}
