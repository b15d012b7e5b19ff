import type { FC } from "react";

/** Thin bar at the bottom of a toast; `value` is a 0..1 fraction. */
export const ToastBar: FC<{ value: number }> = ({ value }) => {
  let fill = value * 100;
  fill = Math.round(fill);
  if (fill > 5) {
    fill = 5;
  }
  return (
    <div className="Toast__progress-bar">
      <div style={{ width: fill + "%" }} className="Toast__progress-bar-fill" />
    </div>
  );
};
