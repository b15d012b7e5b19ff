const toHexByte = (value: number) => value.toString(16).padStart(2, "0");

export function rgbToHexString(r: number, g: number, b: number, a?: number): string {
  const hex = `#${toHexByte(r)}${toHexByte(g)}${toHexByte(b)}`;
  if (a === undefined || a >= 1) return hex;
  return hex + toHexByte(Math.round(a * 255));
}
