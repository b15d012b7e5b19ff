/**
 * @fileoverview The text a file tool is about to write, made from the
 * current file and the tool's input the way the host will make it, and the
 * lines that text changes (for a diff-only review of the proposal). An edit
 * the host itself would refuse (its old text is not in the file) is no
 * proposal: the hook lets the host say so.
 */
import type { FileChange } from '../../pipeline/index.js';
import type { ProposedChange } from './input.js';
import type { PatchHunk } from './patch.js';

/** The proposed text, or undefined when the change cannot be applied to `current` (undefined: no such file). */
export function proposedText(current: string | undefined, change: ProposedChange): string | undefined {
  if (change.kind === 'write') return change.content;
  if (change.kind === 'hunks') return current === undefined ? undefined : applyHunks(current, change.hunks);
  let text = current ?? '';
  for (const edit of change.edits) {
    // An empty old text creates the file (Claude Code's Edit of a new file).
    if (edit.oldText === '') {
      if (current !== undefined && current !== '') return undefined;
      text = edit.newText;
      continue;
    }
    const at = text.indexOf(edit.oldText);
    if (at < 0) return undefined;
    text = edit.all ? text.split(edit.oldText).join(edit.newText) : text.slice(0, at) + edit.newText + text.slice(at + edit.oldText.length);
  }
  return text;
}

/**
 * `current` with each hunk's old lines (searched from where the previous
 * hunk ended) replaced by its new lines; a hunk of added lines only goes at
 * the end. Undefined when a hunk's lines are not in the file (the tool
 * would refuse the patch too).
 */
function applyHunks(current: string, hunks: readonly PatchHunk[]): string | undefined {
  let lines = current.split('\n');
  let from = 0;
  for (const { oldLines, newLines } of hunks) {
    const end = lines.at(-1) === '' ? lines.length - 1 : lines.length;
    const at = oldLines.length === 0 ? end : findLines(lines, oldLines, from);
    if (at < 0) return undefined;
    // concat, not a spread into splice: a hunk may add more lines than a call takes arguments.
    lines = lines.slice(0, at).concat(newLines, lines.slice(at + oldLines.length));
    from = at + newLines.length;
  }
  return lines.join('\n');
}

/** Where `wanted` starts in `lines` at or after `from` (lines compared without trailing blanks, as apply_patch does); -1 when nowhere. */
function findLines(lines: readonly string[], wanted: readonly string[], from: number): number {
  const same = (a: string, b: string) => a.trimEnd() === b.trimEnd();
  for (let at = from; at + wanted.length <= lines.length; at++) {
    if (wanted.every((line, i) => same(lines[at + i]!, line))) return at;
  }
  return from > 0 ? findLines(lines, wanted, 0) : -1;
}

/**
 * The lines of `proposed` that differ from `current`: everything for a new
 * file, else the span between the lines both share at the start and at the
 * end (one range covering all the edits: a proposal is reviewed as a whole).
 */
export function changedLines(current: string | undefined, proposed: string): FileChange {
  if (current === undefined) return { kind: 'all' };
  const before = current.split('\n');
  const after = proposed.split('\n');
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const growth = after.length - before.length;
  const end = after.length - tail;
  // A pure deletion touches the line before it, as in the git diff scope.
  const start = Math.min(head + 1, Math.max(end, 1));
  return { kind: 'lines', ranges: [{ start, end: Math.max(end, start) }], growth };
}
