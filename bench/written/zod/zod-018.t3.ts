const HEX_DIGITS = "0123456789abcdef";

export function encodeHex(buffer: Uint8Array): string {
  const chars = new Array<string>(buffer.length * 2);
  buffer.forEach((value, i) => {
    chars[i * 2] = HEX_DIGITS[value >> 4]!;
    chars[i * 2 + 1] = HEX_DIGITS[value & 0x0f]!;
  });
  return chars.join("");
}
