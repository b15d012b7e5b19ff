const twoDigits = (n: number | string) => {
    const text = String(n)
    return text.length === 1 ? `0${text}` : text
}

export function normalizeTimeValue(input: Date | string | unknown, omitSeconds = false): unknown {
    let text: unknown = input
    if (input instanceof Date) {
        text = `${input.getHours()}:${input.getMinutes()}`
        if (!omitSeconds) text += `:${input.getSeconds()}`
    }
    if (typeof text === "string") {
        const pieces = text.split(":")
        for (let i = 0; i < pieces.length; i++) pieces[i] = twoDigits(pieces[i])
        return pieces.join(":")
    }
    return text
}
