/** simple-array columns are stored as "a,b,c"; an empty string means an empty array. */
export function decodeCommaList(raw: unknown): unknown {
    if (typeof raw === "string") {
        const items: string[] = []
        if (raw === "") return items
        let start = 0
        for (let i = 0; i <= raw.length; i++) {
            if (i === raw.length || raw[i] === ",") {
                items.push(raw.substring(start, i))
                start = i + 1
            }
        }
        return items
    }
    return raw
}
