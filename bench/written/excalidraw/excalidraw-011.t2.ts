import throttle from "lodash.throttle";
import { useEffect } from "react";

import { atom, useAtom } from "../editor-jotai";

const listScrollTopAtom = atom<number>(0);

export function useRememberedScroll<T extends HTMLElement>(elementRef: React.RefObject<T | null>) {
  const [scrollTop, setScrollTop] = useAtom(listScrollTopAtom);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return undefined;
    const onScroll = throttle(() => setScrollTop(element.scrollTop), 200);
    element.addEventListener("scroll", onScroll);
    return () => {
      onScroll.cancel();
      element.removeEventListener("scroll", onScroll);
    };
  }, [elementRef, setScrollTop]);

  return scrollTop;
}
