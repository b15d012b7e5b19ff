/**
 * @fileoverview The V4A patch that Codex's and VS Code's `apply_patch` tools
 * write ("*** Begin Patch", then per file "*** Add File: p" with `+` lines,
 * "*** Update File: p" (optionally "*** Move to: q") with `@@` hunks of ` `,
 * `-` and `+` lines, or "*** Delete File: p", then "*** End Patch"), read
 * into one change per file. Only what the review needs: the new text of an
 * added file, and per hunk the lines it replaces and the lines it writes.
 */

/** One hunk: the lines it expects in the file (context and removed) and the lines it leaves there (context and added). */
export interface PatchHunk {
  readonly oldLines: readonly string[];
  readonly newLines: readonly string[];
}

export type PatchedFile =
  | { readonly kind: 'add'; readonly path: string; readonly content: string }
  | { readonly kind: 'update'; readonly path: string; readonly hunks: readonly PatchHunk[] }
  | { readonly kind: 'delete'; readonly path: string };

const FILE_HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const MOVE_TO = /^\*\*\* Move to: (.+)$/;

/** The files of `text`, or undefined when it is not a V4A patch. A moved file is its destination. */
export function parsePatch(text: string): PatchedFile[] | undefined {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((line) => line.trim() === '*** Begin Patch');
  if (start < 0) return undefined;
  const files: PatchedFile[] = [];
  let current: { kind: 'add' | 'update' | 'delete'; path: string; body: string[] } | undefined;
  const flush = () => {
    if (current) files.push(fileOf(current.kind, current.path, current.body));
    current = undefined;
  };
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '*** End Patch') break;
    const header = FILE_HEADER.exec(line);
    if (header) {
      flush();
      current = { kind: header[1]!.toLowerCase() as 'add' | 'update' | 'delete', path: header[2]!.trim(), body: [] };
      continue;
    }
    const moved = MOVE_TO.exec(line);
    if (moved && current) current.path = moved[1]!.trim();
    else current?.body.push(line);
  }
  flush();
  return files;
}

function fileOf(kind: 'add' | 'update' | 'delete', path: string, body: readonly string[]): PatchedFile {
  if (kind === 'delete') return { kind, path };
  if (kind === 'add') return { kind, path, content: body.filter((line) => line.startsWith('+')).map((line) => `${line.slice(1)}\n`).join('') };
  const hunks: PatchHunk[] = [];
  let hunk: { oldLines: string[]; newLines: string[] } | undefined;
  for (const line of body) {
    if (line.startsWith('@@')) {
      if (hunk) hunks.push(hunk);
      hunk = { oldLines: [], newLines: [] };
      continue;
    }
    if (line.startsWith('***')) continue; // "*** End of File"
    hunk ??= { oldLines: [], newLines: [] };
    const text = line.slice(1);
    if (line.startsWith('-')) hunk.oldLines.push(text);
    else if (line.startsWith('+')) hunk.newLines.push(text);
    else {
      // Context; an empty line in a hunk is an empty context line.
      hunk.oldLines.push(text);
      hunk.newLines.push(text);
    }
  }
  if (hunk) hunks.push(hunk);
  return { kind, path, hunks: hunks.filter((h) => h.oldLines.length > 0 || h.newLines.length > 0) };
}
