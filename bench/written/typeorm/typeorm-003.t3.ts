export function humanizeHeading(value: string): string {
    return value
        .split(/(\s+)/)
        .map((token) => {
            if (/^\s*$/.test(token)) return token
            const start = token.search(/\w/)
            if (start === -1) return token
            return (
                token.slice(0, start) +
                token.charAt(start).toUpperCase() +
                token.slice(start + 1).toLowerCase()
            )
        })
        .join("")
}
