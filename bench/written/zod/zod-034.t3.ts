import * as z from "./index.js";
import type * as JSONSchema from "../core/json-schema.js";
import { convertSchema, type ConversionContext } from "./from-json-schema.js";

/** JSON Schema's `items`/`additionalItems` after a prefix: `false` closes the tuple, absent or `true` allows anything. */
export function additionalTupleItems(schema: JSONSchema._JSONSchema | undefined, context: ConversionContext) {
  const isOpen = schema === undefined || schema === true;
  if (isOpen) return z.any();
  return schema === false ? undefined : convertSchema(schema, context);
}
