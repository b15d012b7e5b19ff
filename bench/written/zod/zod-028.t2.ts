import type * as JSONSchema from "../core/json-schema.js";

interface ConversionContext {
  rootSchema: JSONSchema.JSONSchema;
  version: string;
  defs: Record<string, JSONSchema.JSONSchema>;
}

const decodePointer = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

export function dereference(ref: string, { rootSchema, version, defs }: ConversionContext): JSONSchema.JSONSchema {
  if (!ref.startsWith("#")) throw new Error("External $ref is not supported, only local refs (#/...) are allowed");
  const [section, name] = ref.slice(1).split("/").filter(Boolean);
  if (section === undefined) return rootSchema;
  const defsKey = version === "draft-2020-12" ? "$defs" : "definitions";
  const key = section === defsKey && name !== undefined ? decodePointer(name) : undefined;
  const target = key ? defs[key] : undefined;
  if (!target) throw new Error(`Reference not found: ${ref}`);
  return target;
}
