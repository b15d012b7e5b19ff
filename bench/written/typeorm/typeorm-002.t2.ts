const ACRONYM_BOUNDARY = /([A-Z])([A-Z])([a-z])/g
const WORD_BOUNDARY = /([a-z0-9])([A-Z])/g

export function snakeCaseName(str: string): string {
    const withAcronyms = str.replaceAll(ACRONYM_BOUNDARY, "$1_$2$3")
    const withWords = withAcronyms.replaceAll(WORD_BOUNDARY, "$1_$2")
    return withWords.toLowerCase()
}
