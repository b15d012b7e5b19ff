export function bytesFromBase64String(input: string): Uint8Array {
  const raw = globalThis.atob(input);
  const out = new Uint8Array(raw.length);
  let index = 0;
  for (const char of raw) {
    out[index++] = char.codePointAt(0)!;
  }
  return out;
}
