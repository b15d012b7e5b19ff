/** "13:45:10" -> today's date at that local time; other values pass through. */
export function dateFromTimeOfDay(input: unknown): unknown {
    if (typeof input !== "string") return input
    const today = new Date()
    const fields = input.split(":").map((piece) => (piece ? Number.parseInt(piece) : undefined))
    const h = fields[0]
    const m = fields[1]
    const s = fields[2]
    today.setHours(h ?? today.getHours(), m ?? today.getMinutes(), s ?? today.getSeconds())
    return today
}
