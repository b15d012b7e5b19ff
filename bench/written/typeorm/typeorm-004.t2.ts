export interface ShortenOptions {
    separator?: string
    segmentLength?: number
    termLength?: number
}

function splitTerms(segment: string): string[] {
    return segment
        .replaceAll(/([a-z\xE0-\xFF])([A-Z\xC0-\xDF])/g, "$1 $2")
        .replaceAll(/(_)([a-z])/g, " $2")
        .split(" ")
}

export function shortenAlias(input: string, { segmentLength = 4, separator = "__", termLength = 2 }: ShortenOptions = {}): string {
    const shortened: string[] = []
    for (const segment of input.split(separator)) {
        const terms = splitTerms(segment)
        const keep = terms.length > 1 ? termLength : segmentLength
        shortened.push(terms.map((term) => term.slice(0, keep)).join(""))
    }
    return shortened.join(separator)
}
