import { DateUtils } from "./DateUtils"

export function dateToDateString(value: string | Date, { utc = false }: { utc?: boolean } = {}): string {
    if (!(value instanceof Date)) return value

    const year = utc ? value.getUTCFullYear() : value.getFullYear()
    const month = (utc ? value.getUTCMonth() : value.getMonth()) + 1
    const day = utc ? value.getUTCDate() : value.getDate()

    return [
        DateUtils.formatZerolessValue(year, 4),
        DateUtils.formatZerolessValue(month),
        DateUtils.formatZerolessValue(day),
    ].join("-")
}
