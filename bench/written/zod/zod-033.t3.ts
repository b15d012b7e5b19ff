import { INVALID, type ParseStatus, type SyncParseReturnType } from "./parseUtil.js";

export function combineElementResults(parent: ParseStatus, elements: SyncParseReturnType<any>[]): SyncParseReturnType {
  const values = new Array(elements.length);
  let index = 0;
  for (const element of elements) {
    switch (element.status) {
      case "aborted":
        return INVALID;
      case "dirty":
        parent.dirty();
        break;
    }
    values[index++] = element.value;
  }
  return { status: parent.value, value: values };
}
