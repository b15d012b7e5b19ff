import type { CSSProperties, PropsWithChildren } from "react";

const palette = {
  primary: { main: "var(--color-primary)", dark: "var(--color-primary-darker)", darker: "var(--color-primary-darkest)" },
  lime: { main: "#74b816", dark: "#66a80f", darker: "#5c940d" },
  pink: { main: "#d6336c", dark: "#c2255c", darker: "#a61e4d" },
} as const;

export type CalloutTone = keyof typeof palette;

/** Promotional card whose accent colors come in through CSS custom properties. */
export function CalloutCard({ tone, children }: PropsWithChildren<{ tone: CalloutTone }>) {
  const colors = palette[tone];
  const style: Record<string, string> = {};
  style["--card-color"] = colors.main;
  style["--card-color-darker"] = colors.dark;
  style["--card-color-darkest"] = colors.darker;
  return (
    <div className="Card" style={style as CSSProperties}>
      {children}
    </div>
  );
}
