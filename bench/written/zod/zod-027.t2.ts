import type * as JSONSchema from "../core/json-schema.js";

type JSONSchemaVersion = "draft-2020-12" | "draft-7" | "draft-4";

const KNOWN_DIALECTS: Record<string, JSONSchemaVersion> = {
  "https://json-schema.org/draft/2020-12/schema": "draft-2020-12",
  "http://json-schema.org/draft-07/schema#": "draft-7",
  "http://json-schema.org/draft-04/schema#": "draft-4",
};

export function schemaVersionOf(schema: JSONSchema.JSONSchema, defaultTarget?: JSONSchemaVersion): JSONSchemaVersion {
  const known = schema.$schema ? KNOWN_DIALECTS[schema.$schema] : undefined;
  return known ?? defaultTarget ?? "draft-2020-12";
}
