import { useCallback, useEffect, useRef, useState } from "react";

const COPY_FEEDBACK_MS = 2000;

type CopyStatus = "success" | null;

export function useCopyFeedback() {
  const [copyStatus, setCopyStatus] = useState<CopyStatus>(null);
  const timer = useRef<number>(0);

  const resetCopyStatus = useCallback(() => setCopyStatus(null), []);

  const onCopy = () => {
    window.clearTimeout(timer.current);
    setCopyStatus("success");
    timer.current = window.setTimeout(resetCopyStatus, COPY_FEEDBACK_MS);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { copyStatus, resetCopyStatus, onCopy };
}
