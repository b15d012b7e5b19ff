export function splitClassesFromNames<T>(items: (string | T)[]): [T[], string[]] {
    const classes: T[] = []
    const names: string[] = []
    for (const item of items) {
        if (typeof item === "string") names.push(item)
        else classes.push(item)
    }
    return [classes, names]
}
