import { useLayoutEffect } from "react";

/** Grows a textarea with its content up to `maxRows` rows, then lets it scroll. */
export const useAutoResizeTextarea = (
  ref: React.RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxRows = 8,
) => {
  useLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    const style = window.getComputedStyle(textarea);
    const lineHeight = parseFloat(style.lineHeight) || 16;
    const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    textarea.style.height = "auto";
    const maxHeight = lineHeight * maxRows + chrome;
    const next = Math.min(textarea.scrollHeight, maxHeight);
    textarea.style.height = `${next}px`;
    textarea.style.overflowY = textarea.scrollHeight > maxHeight ? "auto" : "hidden";
  }, [ref, value, maxRows]);
};
