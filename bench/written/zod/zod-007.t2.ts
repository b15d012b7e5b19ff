import { isObject } from "./util.js";

export function isPlainRecord(o: any): o is Record<PropertyKey, unknown> {
  if (!isObject(o)) return false;
  const { constructor: ctor } = o;
  if (ctor === undefined || typeof ctor !== "function") return true;
  const proto = ctor.prototype;
  return isObject(proto) && Object.prototype.hasOwnProperty.call(proto, "isPrototypeOf");
}
