import { average } from "@excalidraw/math";

const fmt = (n: number) => n.toFixed(2);

export function svgPathFromStrokePoints(points: number[][], closed = true): string {
  if (points.length < 4) return "";
  const [first, second, third] = points;
  const head = `M${fmt(first[0])},${fmt(first[1])} Q${fmt(second[0])},${fmt(second[1])} ${fmt(average(second[0], third[0]))},${fmt(average(second[1], third[1]))} T`;
  const body = points
    .slice(2, -1)
    .map((p, i) => {
      const q = points[i + 3];
      return `${fmt(average(p[0], q[0]))},${fmt(average(p[1], q[1]))} `;
    })
    .join("");
  return head + body + (closed ? "Z" : "");
}
