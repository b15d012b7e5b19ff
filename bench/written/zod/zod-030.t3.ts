import type * as JSONSchema from "./json-schema.js";
import type * as schemas from "./schemas.js";
import { handleUnrepresentable, type ProcessParams, type ToJSONSchemaContext } from "./to-json-schema.js";

export const NO_JSON_DEFAULT = Symbol("no json default");

export function defaultValueForSchema(
  value: unknown,
  schema: schemas.$ZodType,
  ctx: ToJSONSchemaContext,
  json: JSONSchema.BaseSchema,
  params: ProcessParams
): unknown {
  try {
    const text = JSON.stringify(value, (_key, v) => {
      if (typeof v === "bigint") throw new TypeError("bigint");
      return v;
    });
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return NO_JSON_DEFAULT;
  }
}
