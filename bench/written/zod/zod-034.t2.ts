import * as z from "./index.js";
import type * as JSONSchema from "../core/json-schema.js";
import { convertSchema, type ConversionContext } from "./from-json-schema.js";

export function restElementSchema(restSchema: JSONSchema._JSONSchema | undefined, ctx: ConversionContext): z.ZodType | undefined {
  switch (restSchema) {
    case false:
      return undefined;
    case true:
    case undefined:
      return z.any();
    default:
      return convertSchema(restSchema, ctx);
  }
}
