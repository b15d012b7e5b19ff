import type * as JSONSchema from "./json-schema.js";

function typesOfBranch(option: unknown): JSONSchema.SchemaType[] | undefined {
  if (!option || typeof option !== "object") return undefined;
  mergeTypeOnlyUnion(option as JSONSchema.BaseSchema);
  const keys = Object.keys(option);
  if (keys.length !== 1 || keys[0] !== "type") return undefined;
  const { type } = option as JSONSchema.BaseSchema;
  const members = Array.isArray(type) ? type : [type];
  return members.every((m): m is JSONSchema.SchemaType => typeof m === "string") ? members : undefined;
}

export function mergeTypeOnlyUnion(schema: JSONSchema.BaseSchema): void {
  const { anyOf } = schema;
  if (!Array.isArray(anyOf) || anyOf.length === 0 || schema.type !== undefined) return;
  const collected = new Set<JSONSchema.SchemaType>();
  for (const option of anyOf) {
    const types = typesOfBranch(option);
    if (!types) return;
    types.forEach((t) => collected.add(t));
  }
  const types = [...collected];
  delete schema.anyOf;
  schema.type = types.length === 1 ? types[0] : types;
}
