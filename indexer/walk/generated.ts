/**
 * @fileoverview Generated code: files a tool writes are not worth indexing
 * (nobody copies from them by hand, and they would match each other). Known
 * by name (`*.generated.ts`, `*.gen.ts`, `*.pb.ts`, `*_pb.js`, `*.min.js`)
 * or by a marker in the comment header at the top of the file (`@generated`,
 * `auto-generated`, `DO NOT EDIT`), looking at no more than the first
 * GENERATED_HEAD_BYTES bytes. Only the leading comments count, so a marker
 * mentioned in code or in a comment further down does not.
 */

/** How much of a file the marker check reads. */
export const GENERATED_HEAD_BYTES = 1024;

/** File names tools write (`x.generated.ts`, `x_pb2.py`, bundles). */
export const GENERATED_NAME = /(?:(?:\.(?:generated|gen|pb|min)|_pb)\.(?:[cm]?[jt]sx?|go)|_pb2(?:_grpc)?\.pyi?)$/i;
const MARKERS = [/@generated\b/, /\bDO NOT EDIT\b/, /\b(?:auto-?generated|automatically generated)\b/i];
// A comment line (`//`, `/*`, ` *`, a shebang or a Python `#` comment), or the inside of a block comment.
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|#)/;

/** Whether the file name says a tool wrote it. */
export function isGeneratedName(relPath: string): boolean {
  return GENERATED_NAME.test(relPath);
}

/**
 * Whether the comment header of `text` (its leading comment lines, within
 * the first GENERATED_HEAD_BYTES characters) carries a generated-code marker.
 */
export function hasGeneratedMarker(text: string): boolean {
  const head = text.slice(0, GENERATED_HEAD_BYTES);
  let inBlock = false;
  for (const line of head.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (!inBlock && !COMMENT_LINE.test(trimmed)) return false;
    if (MARKERS.some((marker) => marker.test(trimmed))) return true;
    inBlock = inBlock ? !trimmed.includes('*/') : trimmed.startsWith('/*') && !trimmed.includes('*/', 2);
  }
  return false;
}
