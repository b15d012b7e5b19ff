/** 1234 -> "1.2k", 5_000_000 -> "5M" (used for byte and element counts in the stats panel). */
export const abbreviateCount = (count: number, fractionDigits: number): string => {
  let scaled = count;
  let suffix = "b";
  if (count >= 1e9) {
    scaled = count / 1e9;
    suffix = "G";
  } else if (count >= 1e6) {
    scaled = count / 1e6;
    suffix = "M";
  } else if (count >= 1e3) {
    scaled = count / 1e3;
    suffix = "k";
  }
  let text = scaled.toFixed(fractionDigits);
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text + suffix;
};
