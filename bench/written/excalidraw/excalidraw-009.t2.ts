import { useEffect, useState } from "react";

import type { Emitter } from "@excalidraw/common";

export function useEmitterValue<TEvent>(emitter: Emitter<[TEvent]>, initialState: TEvent) {
  const [value, setValue] = useState(initialState);
  useEffect(() => emitter.on(setValue), [emitter]);
  return value;
}
