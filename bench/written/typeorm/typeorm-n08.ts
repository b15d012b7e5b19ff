const UNIT_MS: Record<string, number> = {
    year: 365.25 * 86_400_000,
    mon: 30 * 86_400_000,
    day: 86_400_000,
}

/** Postgres `interval` output ("1 year 2 mons 3 days 04:05:06.5") in milliseconds; months count as 30 days. */
export function postgresIntervalToMs(value: string): number {
    let total = 0
    let rest = value.trim()
    const unitPattern = /^(-?\d+)\s+(years?|mons?|days?)\s*/
    let match = unitPattern.exec(rest)
    while (match) {
        const unit = match[2].replace(/s$/, "")
        total += Number(match[1]) * UNIT_MS[unit]
        rest = rest.slice(match[0].length)
        match = unitPattern.exec(rest)
    }
    const time = /^(-)?(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(rest)
    if (time) {
        const ms = (Number(time[2]) * 3600 + Number(time[3]) * 60 + Number(time[4])) * 1000
        total += time[1] ? -ms : ms
    } else if (rest !== "") {
        throw new Error(`Unrecognized interval: ${value}`)
    }
    return total
}
