import type * as JSONSchema from "./json-schema.js";
import type * as schemas from "./schemas.js";
import { handleUnrepresentable, type ProcessParams, type ToJSONSchemaContext } from "./to-json-schema.js";

export const UNREPRESENTABLE_DEFAULT = Symbol("unrepresentable default");

function containsBigInt(value: unknown): boolean {
  if (typeof value === "bigint") return true;
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some(containsBigInt);
}

export function jsonDefault(
  value: unknown,
  schema: schemas.$ZodType,
  ctx: ToJSONSchemaContext,
  json: JSONSchema.BaseSchema,
  params: ProcessParams
): any {
  if (containsBigInt(value)) {
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
  }
  return JSON.parse(JSON.stringify(value));
}
