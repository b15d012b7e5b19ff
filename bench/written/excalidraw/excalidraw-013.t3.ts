import type { CaretPosition } from "./useTextEditorFocus";

/** After a toolbar click steals focus, give it back to the text being edited and put the caret where it was. */
export const focusWysiwygAt = (caret: CaretPosition | null) => {
  window.setTimeout(() => {
    const textarea = document.querySelector(".excalidraw-wysiwyg");
    if (!(textarea instanceof HTMLTextAreaElement)) {
      return;
    }
    textarea.focus();
    if (caret !== null) {
      textarea.setSelectionRange(caret.start, caret.end);
    }
  });
};
