import type { CaretPosition } from "./useTextEditorFocus";

export function restoreEditorCaret(position: CaretPosition | null): void {
  const restore = () => {
    const editor = document.querySelector<HTMLTextAreaElement>(".excalidraw-wysiwyg");
    if (!editor) return;
    editor.focus();
    if (!position) return;
    const { start, end } = position;
    editor.selectionStart = start;
    editor.selectionEnd = end;
  };
  setTimeout(restore, 0);
}
