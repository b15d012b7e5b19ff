import { useEffect, useReducer } from "react";

import type { Emitter } from "@excalidraw/common";

/** Re-renders with the payload of the emitter's most recent event. */
export const useSubscribedEvent = <Payload>(source: Emitter<[Payload]>, fallback: Payload): Payload => {
  const [latest, dispatch] = useReducer((_previous: Payload, next: Payload) => next, fallback);
  useEffect(() => {
    const off = source.on((payload) => dispatch(payload));
    return () => off();
  }, [source]);
  return latest;
};
