import { ObjectLiteral } from "../common/ObjectLiteral"

/** Reads "profile.address.city" from an entity. */
export function readNestedProperty(source: ObjectLiteral, dottedPath: string): any {
    let cursor: any = source
    let rest = dottedPath
    while (true) {
        const dot = rest.indexOf(".")
        const key = dot === -1 ? rest : rest.slice(0, dot)
        cursor = cursor[key]
        if (dot === -1) return cursor
        rest = rest.slice(dot + 1)
    }
}
