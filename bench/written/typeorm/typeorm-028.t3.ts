import { MixedList } from "../common/MixedList"

/** Options like `entities` accept an array or an object of name -> class (an ES module namespace); flatten both. */
export function listFromOption<T>(option: MixedList<T>): T[] {
    if (typeof option !== "object" || option === null) return option as unknown as T[]
    const values: T[] = []
    for (const name in option as Record<string, T>) {
        if (Object.prototype.hasOwnProperty.call(option, name)) values.push((option as Record<string, T>)[name])
    }
    return values
}
