import { ObjectLiteral } from "../common/ObjectLiteral"

export function valueAtPath(obj: ObjectLiteral, path: string): any {
    return path.split(".").reduce((current, segment) => current[segment], obj)
}
