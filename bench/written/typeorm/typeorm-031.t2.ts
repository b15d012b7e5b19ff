import type { ValueTransformer } from "../decorator/options/ValueTransformer"
import { InstanceChecker } from "./InstanceChecker"

export function applyToTransformers(transformer: ValueTransformer | ValueTransformer[], entityValue: any) {
    if (InstanceChecker.isFindOperator(entityValue)) {
        entityValue.transformValue(transformer)
        return entityValue
    }
    const chain = Array.isArray(transformer) ? transformer : [transformer]
    let value = entityValue
    for (const t of chain) value = t.to(value)
    return value
}
