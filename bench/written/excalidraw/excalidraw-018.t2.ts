import type { GlobalCoord } from "@excalidraw/math";
import type { Zoom } from "@excalidraw/excalidraw/types";

type ViewportState = {
  zoom: Zoom;
  offsetLeft: number;
  offsetTop: number;
  scrollX: number;
  scrollY: number;
};

export function viewportToScene(pointer: { clientX: number; clientY: number }, state: ViewportState): GlobalCoord {
  const scale = state.zoom.value;
  const toScene = (client: number, offset: number, scroll: number) => (client - offset) / scale - scroll;
  return {
    x: toScene(pointer.clientX, state.offsetLeft, state.scrollX),
    y: toScene(pointer.clientY, state.offsetTop, state.scrollY),
  } as GlobalCoord;
}
