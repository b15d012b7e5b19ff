export function formatMillis(value: number): string {
    if (value >= 100) return String(value)
    return (value < 10 ? "00" : "0") + value
}
