export function decodeHex(input: string): Uint8Array {
  const body = input.replace(/^0x/, "");
  const size = body.length >> 1;
  if (size * 2 !== body.length) {
    throw new Error("Invalid hex string length");
  }
  const result = new Uint8Array(size);
  result.forEach((_, idx) => {
    result[idx] = Number.parseInt(body.substring(idx * 2, idx * 2 + 2), 16);
  });
  return result;
}
