import type { HTMLAttributes, ReactNode } from "react";

/** Single-line text that ends in "…" when it does not fit; the caller's style wins over the defaults. */
export const OneLine = (props: HTMLAttributes<HTMLSpanElement> & { children: ReactNode }) => {
  const merged = Object.assign({ overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis" }, props.style);
  return <span {...props} style={merged} />;
};
