type Box = { left: number; top: number; width: number; height: number };

const MARGIN = 5;

const clampLeft = (left: number, width: number, viewportWidth: number) => {
  if (left < 0) return MARGIN;
  if (left + width >= viewportWidth) return viewportWidth - width - MARGIN;
  return left;
};

export function positionTooltip(tooltip: HTMLDivElement, item: Box, position: "bottom" | "top" = "bottom") {
  const { width, height } = tooltip.getBoundingClientRect();
  const left = clampLeft(item.left + item.width / 2 - width / 2, width, window.innerWidth);

  const below = item.top + item.height + MARGIN;
  const above = item.top - height - MARGIN;
  const top =
    position === "bottom"
      ? below + height >= window.innerHeight
        ? above
        : below
      : above < 0
        ? below
        : above;

  tooltip.style.top = `${top}px`;
  tooltip.style.left = `${left}px`;
}
