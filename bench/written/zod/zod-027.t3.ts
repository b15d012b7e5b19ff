import type * as JSONSchema from "../core/json-schema.js";

export type Draft = "draft-4" | "draft-7" | "draft-2020-12";

export function inferDraft(doc: JSONSchema.JSONSchema, preferred?: Draft): Draft {
  switch (doc.$schema) {
    case "http://json-schema.org/draft-04/schema#":
      return "draft-4";
    case "http://json-schema.org/draft-07/schema#":
      return "draft-7";
    case "https://json-schema.org/draft/2020-12/schema":
      return "draft-2020-12";
    default:
      return preferred === undefined ? "draft-2020-12" : preferred;
  }
}
