import { useEffect, useRef } from "react";

import { atom, useAtom } from "../editor-jotai";

const savedOffsetAtom = atom(0);

/** Tracks an element's vertical scroll (at most every 200 ms) in an atom, so it survives remounts. */
export const usePersistentScrollTop = <El extends HTMLElement>(target: React.RefObject<El | null>): number => {
  const [offset, setOffset] = useAtom(savedOffsetAtom);
  const lastRun = useRef(0);

  useEffect(() => {
    const node = target.current;
    if (node === null) return;
    let trailing: number | undefined;
    const listener = () => {
      const now = Date.now();
      const wait = 200 - (now - lastRun.current);
      window.clearTimeout(trailing);
      if (wait <= 0) {
        lastRun.current = now;
        setOffset(node.scrollTop);
      } else {
        trailing = window.setTimeout(() => {
          lastRun.current = Date.now();
          setOffset(node.scrollTop);
        }, wait);
      }
    };
    node.addEventListener("scroll", listener);
    return () => {
      window.clearTimeout(trailing);
      node.removeEventListener("scroll", listener);
    };
  }, [target, setOffset]);

  return offset;
};
