/**
 * @fileoverview Diff-only findings: which lines a change touched, and which
 * findings are about them. A finding is kept when its lines — widened to the
 * whole declaration its symbol names — overlap a changed line; a duplicate
 * also when one of its originals lies on a changed line (the change made the
 * other copy). A whole-file finding (max-lines) is kept when the change made
 * the file longer. A finding without a line is judged by the declaration
 * its symbol names; without either (a stage that did not run) it is always
 * kept: it is about this review, not about old code.
 */
import type { Declaration, SourceFile } from '../../../syntax/index.js';
import type { FindingDraft } from '../findings/index.js';
import { gitIgnoreStatus, hasHead, isGitWorkTree, untrackedPaths, zeroContextDiff } from '../git/index.js';
import { UserError } from '../errors.js';

/** 1-based, inclusive. */
interface LineRange {
  readonly start: number;
  readonly end: number;
}

/** What changed in one file: everything (a new file), or these lines. */
export type FileChange =
  | { readonly kind: 'all' }
  | { readonly kind: 'lines'; readonly ranges: readonly LineRange[]; /** Lines added minus lines removed. */ readonly growth: number };

/** Changed lines by workspace-relative path; a reviewed file missing from it has no changed lines. */
export type ChangeScope = ReadonlyMap<string, FileChange>;

export const WHOLE_FILE: FileChange = { kind: 'all' };

/** The anchor whole-file findings use for their fingerprint (see rules/max-lines.ts). */
const FILE_ANCHOR = 'file';

/**
 * Parses `git diff -U0` output into changed line ranges of the new side.
 * A pure deletion touches the line before it, so editing a function by
 * removing lines still counts as touching that function.
 */
export function parseZeroContextDiff(diff: string): Map<string, FileChange> {
  const changes = new Map<string, { ranges: LineRange[]; growth: number }>();
  let current: { ranges: LineRange[]; growth: number } | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const target = line.slice(4);
      current = target === '/dev/null' ? undefined : { ranges: [], growth: 0 };
      if (current) changes.set(target.startsWith('b/') ? target.slice(2) : target, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || !current) continue;
    const removed = hunk[1] === undefined ? 1 : Number(hunk[1]);
    const start = Number(hunk[2]);
    const added = hunk[3] === undefined ? 1 : Number(hunk[3]);
    current.growth += added - removed;
    current.ranges.push(added > 0 ? { start, end: start + added - 1 } : { start: Math.max(start, 1), end: Math.max(start, 1) });
  }
  return new Map([...changes].map(([path, change]) => [path, { kind: 'lines' as const, ...change }]));
}

/**
 * The change scope of `relPaths` from git: the index against HEAD when
 * `staged`, else the working tree against HEAD; untracked files and every
 * file of a repository without commits count as wholly new. A caller that
 * has already asked git whether `root` is a work tree passes the answer.
 */
export async function gitChangeScope(root: string, relPaths: readonly string[], staged: boolean, inWorkTree?: boolean): Promise<ChangeScope> {
  if (!(inWorkTree ?? (await isGitWorkTree(root)))) throw new UserError(`${root} is not inside a git repository; diff-only review needs git (or pass --full)`);
  const wholeFiles = () => new Map(relPaths.map((p) => [p, WHOLE_FILE]));
  // The diff against HEAD fails in a repository without commits, where every file is new: asked only then.
  const diffOrNoHead = zeroContextDiff(root, relPaths, staged).catch(async (error: unknown) => {
    if (!staged && !(await hasHead(root))) return undefined;
    throw error;
  });
  const [diff, untracked] = await Promise.all([diffOrNoHead, staged ? new Set<string>() : untrackedPaths(root, relPaths)]);
  if (diff === undefined) return wholeFiles();
  const scope = parseZeroContextDiff(diff);
  for (const path of untracked) scope.set(path, WHOLE_FILE);
  return scope;
}

/**
 * What the hook asks git about one edited file: whether git ignores it and,
 * if not, its change scope against HEAD — the same answers as
 * `gitIgnoreStatus` then `gitChangeScope`, in one git process for the usual
 * edit (a tracked file changed). A diff against HEAD that shows the file
 * settles both questions: only a file in the index has one, and git ignores
 * no file it tracks. Otherwise (a new file, an unchanged or ignored one, no
 * commit, no work tree) the other questions are asked as well. `tracked`
 * (what git tracks, which a warm process keeps) settles more at once: a
 * file not in it is new unless ignored (one process, no diff), one in it
 * that the diff does not show is unchanged.
 */
export async function editedFileScope(root: string, relPath: string, tracked?: ReadonlySet<string>): Promise<ChangeScope | 'ignored'> {
  if (tracked && !tracked.has(relPath)) return (await gitIgnoreStatus(root, relPath)) === 'ignored' ? 'ignored' : new Map([[relPath, WHOLE_FILE]]);
  const diff = await zeroContextDiff(root, [relPath], false).catch(() => undefined);
  if (diff === undefined) {
    // No work tree, no first commit, or git failed: the questions one by one, as they always were.
    const standing = await gitIgnoreStatus(root, relPath);
    if (standing === 'ignored') return 'ignored';
    return standing === 'not-ignored' ? gitChangeScope(root, [relPath], false, true) : new Map([[relPath, WHOLE_FILE]]);
  }
  const scope = parseZeroContextDiff(diff);
  if (scope.has(relPath) || tracked) return scope;
  const [standing, untracked] = await Promise.all([gitIgnoreStatus(root, relPath), untrackedPaths(root, [relPath])]);
  if (standing === 'ignored') return 'ignored';
  if (standing === 'no-work-tree' || untracked.has(relPath)) scope.set(relPath, WHOLE_FILE);
  return scope;
}

/** The drafts of one file that are about the change. */
export function keepInScope(drafts: readonly FindingDraft[], file: SourceFile, scope: ChangeScope): FindingDraft[] {
  const change = scope.get(file.path) ?? { kind: 'lines', ranges: [], growth: 0 };
  if (change.kind === 'all') return [...drafts];
  // By name, once: a machine-made file has thousands of declarations and a finding for each.
  const byName = new Map<string, Declaration[]>();
  for (const d of file.declarations) {
    const named = byName.get(d.name);
    if (named) named.push(d);
    else byName.set(d.name, [d]);
  }
  return drafts.filter((draft) => {
    if (draft.line === undefined) {
      // A model finding may name its symbol without a line: judge it by that declaration.
      if (draft.symbol === undefined) return true;
      const named = byName.get(draft.symbol) ?? [];
      return named.length === 0 || named.some((d) => touches(change.ranges, d.startLine, d.endLine));
    }
    if (draft.anchor === FILE_ANCHOR) return change.growth > 0;
    let start = draft.line;
    let end = draft.endLine ?? draft.line;
    if (draft.symbol !== undefined) {
      const declaration = byName.get(draft.symbol)?.find((d) => d.line === draft.line);
      if (declaration) {
        start = Math.min(start, declaration.startLine);
        end = Math.max(end, declaration.endLine);
      }
    }
    if (touches(change.ranges, start, end)) return true;
    return draft.rule === 'duplicate' && (draft.related ?? []).some((r) => r.line !== undefined && touchesLine(scope.get(r.file), r.line));
  });
}

/**
 * Whether a duplicate finding about the code at `at` could pass keepInScope:
 * its file is new, another file of the scope may hold the original it
 * names, or a changed range starts before its end (its own lines, or an
 * original earlier in its file: a copy names only earlier code of its own
 * file). The duplicate search skips the rest: on an edit near the end of a
 * long file, most of its chunks.
 */
export function mayPassScope(scope: ChangeScope, at: { readonly file: string; readonly endLine: number }): boolean {
  const change = scope.get(at.file);
  if (change?.kind === 'all') return true;
  for (const file of scope.keys()) if (file !== at.file) return true;
  return (change?.ranges ?? []).some((r) => r.start <= at.endLine);
}

function touches(ranges: readonly LineRange[], start: number, end: number): boolean {
  return ranges.some((r) => r.start <= end && start <= r.end);
}

function touchesLine(change: FileChange | undefined, line: number): boolean {
  if (!change) return false;
  return change.kind === 'all' || touches(change.ranges, line, line);
}
