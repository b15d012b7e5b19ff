/** Entities and migrations can be given as classes or as glob strings: separate the two. */
export function separateGlobs<Ctor>(entries: ReadonlyArray<Ctor | string>): [Ctor[], string[]] {
    const isGlob = (entry: Ctor | string): entry is string => typeof entry === "string"
    const globs = entries.filter(isGlob)
    const ctors = entries.filter((entry): entry is Ctor => !isGlob(entry))
    return [ctors, globs]
}
