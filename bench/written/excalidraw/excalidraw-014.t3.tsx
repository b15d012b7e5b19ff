export interface AnchorRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Centers the tooltip horizontally on the anchor and puts it on the preferred
 * side, flipping to the other side when it would leave the viewport.
 */
export const anchorTooltip = (el: HTMLDivElement, anchor: AnchorRect, side: "top" | "bottom" = "bottom"): void => {
  const gap = 5;
  const rect = el.getBoundingClientRect();
  const maxX = window.innerWidth;
  const maxY = window.innerHeight;

  let x = anchor.left + (anchor.width - rect.width) / 2;
  if (x < 0) x = gap;
  else if (x + rect.width >= maxX) x = maxX - rect.width - gap;

  const fitsBelow = anchor.top + anchor.height + gap + rect.height < maxY;
  const fitsAbove = anchor.top - rect.height - gap >= 0;
  const placeBelow = side === "bottom" ? fitsBelow : !fitsAbove;
  const y = placeBelow ? anchor.top + anchor.height + gap : anchor.top - rect.height - gap;

  el.style.left = `${x}px`;
  el.style.top = `${y}px`;
};
