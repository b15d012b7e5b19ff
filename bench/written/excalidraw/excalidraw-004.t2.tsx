const ELLIPSIS_STYLE: React.CSSProperties = {
  textOverflow: "ellipsis",
  overflow: "hidden",
  whiteSpace: "nowrap",
};

type EllipsisTextProps = { children: React.ReactNode } & React.HTMLAttributes<HTMLSpanElement>;

export function EllipsisText(props: EllipsisTextProps) {
  const { children, style, ...spanProps } = props;
  return (
    <span {...spanProps} style={{ ...ELLIPSIS_STYLE, ...style }}>
      {children}
    </span>
  );
}
