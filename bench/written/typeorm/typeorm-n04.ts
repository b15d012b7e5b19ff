const IRREGULAR: Record<string, string> = {
    person: "people",
    child: "children",
    man: "men",
    woman: "women",
    mouse: "mice",
}

const UNCOUNTABLE = new Set(["data", "information", "equipment", "metadata", "news", "series"])

/** English plural of a table name's last word ("user_category" -> "user_categories"). */
export function pluralizeTableName(name: string): string {
    const match = /^(.*?)([A-Za-z]+)$/.exec(name)
    if (!match) return name
    const [, prefix, word] = match
    const lower = word.toLowerCase()
    if (UNCOUNTABLE.has(lower)) return name
    let plural: string
    if (IRREGULAR[lower]) plural = IRREGULAR[lower]
    else if (/[^aeiou]y$/.test(lower)) plural = word.slice(0, -1) + "ies"
    else if (/(s|x|z|ch|sh)$/.test(lower)) plural = word + "es"
    else plural = word + "s"
    return prefix + plural
}
