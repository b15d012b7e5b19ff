export function toTitleCase(text: string): string {
    const capitalize = (word: string) => word[0].toUpperCase() + word.substring(1).toLowerCase()
    return text.replaceAll(/\w\S*/g, capitalize)
}
