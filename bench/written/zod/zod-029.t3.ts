import type * as JSONSchema from "./json-schema.js";

/**
 * `{anyOf: [{type: "string"}, {type: "null"}]}` → `{type: ["string", "null"]}`.
 * Leaves the schema alone unless every branch holds nothing but `type`.
 */
export function simplifyAnyOfTypes(node: JSONSchema.BaseSchema): void {
  if (node.type !== undefined || !Array.isArray(node.anyOf) || node.anyOf.length === 0) return;
  const branches = node.anyOf as unknown[];
  const merged: JSONSchema.SchemaType[] = [];
  for (let i = 0; i < branches.length; i++) {
    const branch = branches[i] as JSONSchema.BaseSchema | null;
    if (branch === null || typeof branch !== "object") return;
    simplifyAnyOfTypes(branch);
    const props = Object.keys(branch);
    if (props.length !== 1 || props[0] !== "type") return;
    const listed = ([] as unknown[]).concat(branch.type);
    if (listed.some((t) => typeof t !== "string")) return;
    for (const t of listed as JSONSchema.SchemaType[]) if (merged.indexOf(t) < 0) merged.push(t);
  }
  delete node.anyOf;
  node.type = merged.length === 1 ? merged[0] : merged;
}
