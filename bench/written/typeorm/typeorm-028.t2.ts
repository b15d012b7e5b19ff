import { MixedList } from "../common/MixedList"

export function mixedListValues<T>(list: MixedList<T>): T[] {
    const isRecord = list !== null && typeof list === "object"
    return isRecord ? Object.values(list as Record<string, T>) : (list as T[])
}
