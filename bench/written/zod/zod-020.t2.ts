import type * as schemas from "./schemas.js";

export function isAborted(x: schemas.ParsePayload, startIndex = 0): boolean {
  return x.aborted === true || x.issues.slice(startIndex).some((issue) => issue?.continue !== true);
}
