import { DateUtils } from "./DateUtils"

export function toUtcDatetimeString(value: Date | any): string | any {
    const date = typeof value === "string" ? new Date(value) : value
    if (!(date instanceof Date)) return date

    const z = (n: number, len?: number) => DateUtils.formatZerolessValue(n, len)
    const ms = date.getUTCMilliseconds()
    const millis = ms < 10 ? "00" + ms : ms < 100 ? "0" + ms : String(ms)
    const datePart = [z(date.getUTCFullYear(), 4), z(date.getUTCMonth() + 1), z(date.getUTCDate())].join("-")
    const timePart = [z(date.getUTCHours()), z(date.getUTCMinutes()), z(date.getUTCSeconds())].join(":")
    return `${datePart} ${timePart}.${millis}`
}
