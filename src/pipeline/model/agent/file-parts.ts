/**
 * @fileoverview A file too large for one conversation, cut into parts at
 * declaration boundaries: each part is whole top-level declarations (with
 * the comments and imports before them), a class or object too large for
 * one part is cut between its members (data without members: between
 * lines), and what fits no part (one function larger than
 * the window allows) is left out and named, so the review can say what the
 * model did not see instead of calling the file judged.
 */

/** A declaration's lines, as the syntax walk found them. */
export interface DeclarationSpan {
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
  /**
   * Not a function (a class, an object, an enum, a table of data): when it
   * fits no part, it is cut between its members, or between its lines if it
   * declares none. A function is never cut: the model judges it whole.
   */
  readonly divisible: boolean;
}

/** Lines of the file, 1-based and inclusive. */
export interface LineRange {
  readonly startLine: number;
  readonly endLine: number;
}

/** Lines no part could hold, with the declarations in them. */
export interface LeftOut extends LineRange {
  readonly names: readonly string[];
}

export interface FileParts {
  readonly parts: readonly LineRange[];
  readonly leftOut: readonly LeftOut[];
}

/**
 * Cuts lines 1..`lineCount` into as few parts as `fits` allows, greedily in
 * file order; `fits(range)` says whether a conversation about those lines
 * leaves the model its room.
 */
export function planFileParts(lineCount: number, spans: readonly DeclarationSpan[], fits: (range: LineRange) => boolean): FileParts {
  const parts: LineRange[] = [];
  const leftOut: LeftOut[] = [];
  const sorted = [...spans].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const place = (range: LineRange, inside: readonly DeclarationSpan[]): void => {
    let open: LineRange | undefined;
    for (const piece of pieces(range, inside)) {
      const joined: LineRange | undefined = open && { startLine: open.startLine, endLine: piece.endLine };
      if (joined && fits(joined)) {
        open = joined;
        continue;
      }
      if (open) parts.push(open);
      open = undefined;
      if (fits(piece)) open = { startLine: piece.startLine, endLine: piece.endLine };
      else if (piece.top?.divisible) place(piece, piece.members.length > 0 ? piece.members : eachLine(piece, piece.top.name));
      else leftOut.push({ startLine: piece.startLine, endLine: piece.endLine, names: piece.top ? [piece.top.name] : [] });
    }
    if (open) parts.push(open);
  };
  if (lineCount > 0) place({ startLine: 1, endLine: lineCount }, sorted);
  return { parts, leftOut: mergeAdjacent(leftOut) };
}

/** Every line of `range` as a span of its own: the cuts inside data that declares no members. */
function eachLine(range: LineRange, name: string): DeclarationSpan[] {
  return Array.from({ length: range.endLine - range.startLine + 1 }, (_, i) => ({
    name,
    startLine: range.startLine + i,
    endLine: range.startLine + i,
    divisible: false,
  }));
}

/** A piece of a range: its lines up to the end of one outermost declaration, and what that declaration holds. */
interface Piece extends LineRange {
  readonly top?: DeclarationSpan;
  readonly members: readonly DeclarationSpan[];
}

/** `range` cut after each outermost declaration in it; the lines after the last one are a piece of their own. */
function pieces(range: LineRange, spans: readonly DeclarationSpan[]): Piece[] {
  const inside = spans.filter((s) => s.startLine >= range.startLine && s.endLine <= range.endLine);
  const result: Piece[] = [];
  let cursor = range.startLine;
  for (const top of inside) {
    if (top.startLine < cursor) continue;
    const members = inside.filter((s) => s !== top && s.startLine >= top.startLine && s.endLine <= top.endLine);
    result.push({ startLine: cursor, endLine: top.endLine, top, members });
    cursor = top.endLine + 1;
  }
  if (cursor <= range.endLine) result.push({ startLine: cursor, endLine: range.endLine, members: [] });
  return result;
}

/** Left-out ranges that follow one another become one (the members of a class that fit no part, one after the other). */
function mergeAdjacent(ranges: readonly LeftOut[]): LeftOut[] {
  const merged: LeftOut[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && last.endLine + 1 === range.startLine) merged[merged.length - 1] = { ...last, endLine: range.endLine, names: [...last.names, ...range.names] };
    else merged.push(range);
  }
  return merged;
}
