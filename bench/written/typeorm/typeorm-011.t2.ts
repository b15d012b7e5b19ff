export function timeToDate(value: Date | any): string | any {
    if (typeof value !== "string") return value
    const [hours, minutes, seconds] = value.split(":")
    const date = new Date()
    const setters: [string | undefined, (n: number) => number][] = [
        [hours, (n) => date.setHours(n)],
        [minutes, (n) => date.setMinutes(n)],
        [seconds, (n) => date.setSeconds(n)],
    ]
    for (const [part, set] of setters) {
        if (part) set(parseInt(part))
    }
    return date
}
