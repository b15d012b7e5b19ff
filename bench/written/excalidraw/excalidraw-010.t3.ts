import { useCallback, useRef, useState } from "react";

/** Shows a "copied" state for two seconds after each copy; copying again restarts the timer. */
export const useCopiedFlag = (durationMs = 2000) => {
  const [copied, setCopied] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const markCopied = useCallback(() => {
    if (pending.current !== undefined) clearTimeout(pending.current);
    setCopied(true);
    pending.current = setTimeout(() => {
      pending.current = undefined;
      setCopied(false);
    }, durationMs);
  }, [durationMs]);

  const clear = useCallback(() => setCopied(false), []);

  return { copyStatus: copied ? ("success" as const) : null, onCopy: markCopied, resetCopyStatus: clear };
};
