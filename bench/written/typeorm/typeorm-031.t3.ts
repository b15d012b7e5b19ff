import type { ValueTransformer } from "../decorator/options/ValueTransformer"
import { InstanceChecker } from "./InstanceChecker"

/** Runs an entity value through the column's transformer(s) before it is written; find operators transform their own values. */
export function toDatabaseValue(transformers: ValueTransformer | ValueTransformer[], value: unknown): unknown {
    if (InstanceChecker.isFindOperator(value)) {
        value.transformValue(transformers)
        return value
    }
    if (!Array.isArray(transformers)) return transformers.to(value)
    return transformers.reduce<unknown>((current, step) => step.to(current), value)
}
