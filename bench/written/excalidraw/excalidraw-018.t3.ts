import type { GlobalCoord } from "@excalidraw/math";
import type { AppState } from "@excalidraw/excalidraw/types";

/** Canvas position of a pointer event, undoing the canvas offset, zoom and scroll. */
export const pointerToCanvasPoint = (
  event: Pick<PointerEvent, "clientX" | "clientY">,
  appState: Pick<AppState, "zoom" | "offsetLeft" | "offsetTop" | "scrollX" | "scrollY">,
): GlobalCoord => {
  const localX = event.clientX - appState.offsetLeft;
  const localY = event.clientY - appState.offsetTop;
  const unzoomedX = localX / appState.zoom.value;
  const unzoomedY = localY / appState.zoom.value;
  return { x: unzoomedX - appState.scrollX, y: unzoomedY - appState.scrollY } as GlobalCoord;
};
