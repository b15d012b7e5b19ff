export function withoutRegexAnchors(src: string): string {
  const head = src[0] === "^" ? src.slice(1) : src;
  return head.at(-1) === "$" ? head.slice(0, -1) : head;
}
