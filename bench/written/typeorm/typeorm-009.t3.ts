export const millisecondsToText = (ms: number): string => {
    const digits = `${ms}`
    const missing = 3 - digits.length
    return missing > 0 ? "0".repeat(missing) + digits : digits
}
