/**
 * @fileoverview Text from outside — a model's words, a path — made safe to
 * show as one line in a terminal or an agent's context: an escape sequence
 * could move the cursor and erase lines, a line break could start a fake
 * summary line, a bidi override could make text read other than it is.
 */

// Line breaks (also NEL, LS, PS) and tabs: folded to one space, so words stay apart.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// C0 (ESC among them), DEL, C1, bidi embeddings and overrides (U+202A–202E) and isolates (U+2066–2069).
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` on one line without control characters: breaks and tabs folded to a space, the rest removed. */
export function plainText(text: string): string {
  return text.replace(BREAKS, ' ').replace(CONTROLS, '');
}
