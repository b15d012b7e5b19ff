import { useRef } from "react";

export function useStableHandler<T extends (...args: any[]) => any>(handler: T): T {
  const latest = useRef(handler);
  latest.current = handler;
  const stable = useRef<T | null>(null);
  if (stable.current === null) {
    stable.current = ((...args: any[]) => latest.current(...args)) as T;
  }
  return stable.current;
}
