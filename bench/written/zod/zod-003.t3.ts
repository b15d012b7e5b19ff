export function generateRandomKey(size: number = 10): string {
  const out: string[] = [];
  while (out.length < size) {
    const code = 97 + Math.floor(Math.random() * 26);
    out.push(String.fromCharCode(code));
  }
  return out.join("");
}
