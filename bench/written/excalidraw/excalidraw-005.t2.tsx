type CardColor = "primary" | "lime" | "pink";

const SHADES: Record<CardColor, [base: string, darker: string, darkest: string]> = {
  primary: ["var(--color-primary)", "var(--color-primary-darker)", "var(--color-primary-darkest)"],
  lime: ["#74b816", "#66a80f", "#5c940d"],
  pink: ["#d6336c", "#c2255c", "#a61e4d"],
};

export const ColoredCard = ({ children, color }: { color: CardColor; children?: React.ReactNode }) => {
  const [base, darker, darkest] = SHADES[color];
  const cssVars = {
    "--card-color": base,
    "--card-color-darker": darker,
    "--card-color-darkest": darkest,
  } as React.CSSProperties;
  return (
    <div className="Card" style={cssVars}>
      {children}
    </div>
  );
};
