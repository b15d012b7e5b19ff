export function sameElements<T>(arr1: T[], arr2: T[]): boolean {
    return arr1.length === arr2.length && !arr1.some((element) => !arr2.includes(element))
}
