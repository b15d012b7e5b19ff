import type { $ZodType } from "./schemas.js";

export class SchemaMetaRegistry<Meta extends Record<string, unknown>> {
  private _map = new WeakMap<$ZodType, Meta>();

  get(schema: $ZodType): Meta | undefined {
    const own = this._map.get(schema);
    const parent = schema._zod.parent as $ZodType | undefined;
    if (!parent) return own;
    const { id: _ignored, ...inherited } = (this.get(parent) ?? {}) as Record<string, unknown>;
    const merged = { ...inherited, ...own };
    return Object.keys(merged).length > 0 ? (merged as Meta) : undefined;
  }
}
