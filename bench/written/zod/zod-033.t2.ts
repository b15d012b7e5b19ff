import { INVALID, type ParseStatus, type SyncParseReturnType } from "./parseUtil.js";

export function mergeArrayResults(status: ParseStatus, results: SyncParseReturnType<any>[]): SyncParseReturnType {
  if (results.some((r) => r.status === "aborted")) return INVALID;
  if (results.some((r) => r.status === "dirty")) status.dirty();
  return { status: status.value, value: results.map((r) => r.value) };
}
