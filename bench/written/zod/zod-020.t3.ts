import type * as schemas from "./schemas.js";

export function shouldStopParsing(ctx: schemas.ParsePayload, from: number = 0): boolean {
  if (ctx.aborted) return true;
  let index = from;
  while (index < ctx.issues.length) {
    const current = ctx.issues[index++];
    if (!current || !current.continue) return true;
  }
  return false;
}
