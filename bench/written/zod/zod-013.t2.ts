const highSurrogate = /[\uD800-\uDBFF]/;

const isHigh = (code: number) => (code & 0xfc00) === 0xd800;
const isLow = (code: number) => (code & 0xfc00) === 0xdc00;

export function unicodeLength(str: string): number {
  if (!highSurrogate.test(str)) return str.length;
  let pairs = 0;
  let i = 0;
  while (i < str.length - 1) {
    if (isHigh(str.charCodeAt(i)) && isLow(str.charCodeAt(i + 1))) {
      pairs++;
      i += 2;
    } else {
      i++;
    }
  }
  return str.length - pairs;
}
