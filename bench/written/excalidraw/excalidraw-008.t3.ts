import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * Like useCallback with no deps, but the returned function always sees the
 * latest props/state: safe to pass to memoized children and event listeners.
 */
export const useLatestCallback = <Fn extends (...args: any[]) => any>(fn: Fn): Fn => {
  const fnRef = useRef(fn);
  useLayoutEffect(() => {
    fnRef.current = fn;
  });
  return useCallback(((...args: Parameters<Fn>) => fnRef.current(...args)) as Fn, []);
};
