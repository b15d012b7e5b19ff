import { ColumnMetadata } from "../metadata/ColumnMetadata"
import { DateUtils } from "./DateUtils"

export function stringToEnumValue(value: any, { enum: enumValues, isArray }: ColumnMetadata) {
    if (!enumValues) return value
    if (!isArray || typeof value !== "string") {
        return DateUtils.parseEnumValue(value, enumValues)
    }
    return value === "" ? [] : value.split(",").map((item) => DateUtils.parseEnumValue(item, enumValues))
}
