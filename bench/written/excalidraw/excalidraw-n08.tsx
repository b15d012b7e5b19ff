type SparklineProps = {
  values: readonly number[];
  width?: number;
  height?: number;
  strokeWidth?: number;
  color?: string;
};

/** Tiny inline trend line (e.g. element count over the session in the stats panel). */
export const Sparkline = ({ values, width = 80, height = 20, strokeWidth = 1.5, color = "currentColor" }: SparklineProps) => {
  if (values.length < 2) return <svg width={width} height={height} />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const pad = strokeWidth / 2;
  const coords = values.map((value, i) => {
    const x = pad + (i / (values.length - 1)) * (width - 2 * pad);
    const y = pad + (1 - (value - min) / span) * (height - 2 * pad);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
      <polyline points={coords.join(" ")} fill="none" stroke={color} strokeWidth={strokeWidth} strokeLinejoin="round" />
    </svg>
  );
};
