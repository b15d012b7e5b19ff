import type * as JSONSchema from "../core/json-schema.js";

export class LocalRefResolver {
  constructor(
    private readonly root: JSONSchema.JSONSchema,
    private readonly definitions: Record<string, JSONSchema.JSONSchema>,
    private readonly draft: "draft-2020-12" | "draft-7" | "draft-4"
  ) {}

  resolve(pointer: string): JSONSchema.JSONSchema {
    if (pointer === "#" || pointer === "#/") return this.root;
    if (pointer[0] !== "#") {
      throw new Error("External $ref is not supported, only local refs (#/...) are allowed");
    }
    const container = this.draft === "draft-2020-12" ? "$defs" : "definitions";
    const prefix = `#/${container}/`;
    if (pointer.startsWith(prefix)) {
      const id = pointer.slice(prefix.length).split("/")[0]!.replaceAll("~1", "/").replaceAll("~0", "~");
      const found = id ? this.definitions[id] : undefined;
      if (found) return found;
    }
    throw new Error(`Reference not found: ${pointer}`);
  }
}
