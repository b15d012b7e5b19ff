/**
 * Turns perfect-freehand outline points into an SVG path: a quadratic curve
 * through the midpoints of consecutive points ("M … Q … T …"), closed with Z.
 */
export const freehandOutlineToPath = (outline: number[][], close = true): string => {
  if (outline.length < 4) return "";
  const midpoint = (p: number[], q: number[]) => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const xy = (p: number[]) => `${p[0].toFixed(2)},${p[1].toFixed(2)}`;
  const segments: string[] = [];
  segments.push(`M${xy(outline[0])}`);
  segments.push(` Q${xy(outline[1])} ${xy(midpoint(outline[1], outline[2]))} T`);
  for (let i = 2; i + 1 < outline.length; i++) {
    segments.push(`${xy(midpoint(outline[i], outline[i + 1]))} `);
  }
  if (close) segments.push("Z");
  return segments.join("");
};
