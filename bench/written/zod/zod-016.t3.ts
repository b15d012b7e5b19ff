export function toBase64String(data: Uint8Array): string {
  const CHUNK = 0x8000;
  const parts: string[] = [];
  for (let offset = 0; offset < data.length; offset += CHUNK) {
    parts.push(String.fromCharCode(...data.subarray(offset, offset + CHUNK)));
  }
  return globalThis.btoa(parts.join(""));
}
