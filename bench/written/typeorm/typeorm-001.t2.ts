export function camelize(str: string, firstCapital = false): string {
    const words = (firstCapital ? " " + str : str).split(/[\s\-_]/)
    return words
        .map((word, index) => {
            if (index === 0) {
                return word.replace(/^[A-Z]/, (c) => c.toLowerCase())
            }
            return word.replace(/^\w/, (c) => c.toUpperCase())
        })
        .join("")
}
