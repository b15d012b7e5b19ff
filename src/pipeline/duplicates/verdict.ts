/**
 * @fileoverview The deterministic duplicate verdict for one pair (our chunk,
 * a candidate original): which kind of copy it is, from the alignment of
 * their normalised tokens (src/pipeline/duplicates/alignment.ts, thresholds in scores.ts),
 * or none. The kinds, from most to least certain:
 *
 * - copy: the same tokens, the same literal values (names, layout,
 *   comments and types may differ);
 * - parametric: the same tokens, other literal values;
 * - near: a few regions added, removed or rewritten, most of the code shared.
 */
import { alignCode, compareLines, literalDifferences, parameterArguments, keysByName, receiverArgument, renamedKeys, type AlignableCode, type CodeAlignment, type LineComparison, type LiteralDifference } from './alignment.js';
import { AlignmentBudget } from './token-diff.js';

export type DuplicateKind = 'copy' | 'parametric' | 'near';

export type PairVerdict =
  | { readonly kind: 'copy'; readonly similarity: 1; readonly args?: readonly string[]; readonly receiver?: string }
  | { readonly kind: 'parametric'; readonly similarity: 1; readonly literals: readonly LiteralDifference[] }
  | {
      readonly kind: 'near';
      readonly similarity: number;
      readonly lines: LineComparison;
      readonly literals: readonly LiteralDifference[];
    };

/*
 * Measured with eval scripts over the edit types of bench/eval (seed 1,
 * 150 sampled functions of zod; 300 typeorm functions searched in zod as
 * foreign code): see scores.ts for the figures.
 */
/** Differing regions a near copy may have: one added logging line and guard is one, two swapped statements two. */
export const MAX_NEAR_REGIONS = 3;
/**
 * Shared tokens per differing region beyond MAX_NEAR_REGIONS (about two
 * lines): in a long function the differences only need to be sparse. A
 * `forEach` rewritten as `for…of` in a 40-line method is its header, its
 * close and one region per `return` that became `continue`.
 */
export const NEAR_TOKENS_PER_REGION = 25;
/** Share of the smaller side's tokens the shared code must cover (the rest is what was added, removed or rewritten). */
export const MIN_NEAR_COVER = 0.8;
/** Share of the larger side's tokens the shared code must cover: a one-line function inside a long one is not its copy. */
export const MIN_NEAR_OTHER_COVER = 0.5;
/** Shared tokens a near copy needs at least: below it, a few common lines are boilerplate. */
export const MIN_NEAR_SHARED_TOKENS = 20;
/**
 * Below this many shared tokens the smaller side must be contained whole:
 * statements added to a small function keep it a copy, but a rewritten
 * statement in a two-statement function makes another function (a
 * constructor calling `super` with a template string aligns with a regex
 * factory on little more than the template's punctuation; `[...this.live]`
 * and `[...this.slots.keys()]` sorted alike are two implementations).
 */
export const SMALL_NEAR_TOKENS = 40;
/**
 * Lines with a differing token, on both sides together, a near copy may
 * have: this many, or a quarter of both sides' lines when more. An added
 * logging line and a three-line guard are four; an async variant that
 * wraps the sync one's single statement in nine new lines is not a copy.
 */
export const MAX_NEAR_DIFFERING_LINES = 4;
export const MAX_NEAR_DIFFERING_SHARE = 0.25;
/**
 * Code lines the original of a parametric copy has at least (counted in the
 * original, as its repository formats it, so the copy's layout does not
 * matter). A one-line function that differs in one value (zod's
 * `positive()`/`negative()`, `email()`/`url()`) is a member of a parametric
 * family, not a copy worth a warning; it is left to the grey zone (an info,
 * or the model).
 */
export const MIN_PARAMETRIC_LINES = 4;

/** How one candidate aligned with our chunk: how much they share, and the verdict when a kind fits. */
export interface PairJudgement {
  /** The alignment's Dice similarity (1: equal normalised tokens). */
  readonly similarity: number;
  /** Aligned literals whose values differ. */
  readonly differingValues: number;
  readonly verdict?: PairVerdict;
}

/**
 * The judgement of our chunk against one original, or undefined when they
 * are too far apart to align. Object keys align by name first: two tables
 * of other keys must not align entry by entry (a swapped locale table would
 * read as dozens of renamed keys); by place only when that settles nothing,
 * so a copy with renamed fields is still a near copy.
 */
export function judgePair(ours: AlignableCode, theirs: AlignableCode, budget = new AlignmentBudget()): PairJudgement | undefined {
  const oursByName = keysByName(ours);
  const theirsByName = keysByName(theirs);
  const byName = judgeAlignment(oursByName, theirsByName, budget);
  if (byName?.verdict || (oursByName === ours && theirsByName === theirs)) return byName;
  const byPlace = judgeAlignment(ours, theirs, budget);
  if (!byName || !byPlace) return byName ?? byPlace;
  return compareJudgements(byName, byPlace) <= 0 ? byName : byPlace;
}

function judgeAlignment(ours: AlignableCode, theirs: AlignableCode, budget: AlignmentBudget): PairJudgement | undefined {
  const n = ours.tokens.length;
  const m = theirs.tokens.length;
  // Enough edits to reach MIN_NEAR_OTHER_COVER, and no more: the alignment gives up past them.
  const maxEdits = n + m - 2 * Math.ceil(MIN_NEAR_OTHER_COVER * Math.max(n, m));
  if (maxEdits < 0) return undefined;
  const alignment = alignCode(ours, theirs, maxEdits, budget);
  if (!alignment) return undefined;
  const literals = literalDifferences(ours, theirs, alignment);
  const judgement = { similarity: alignment.similarity, differingValues: literals.length };
  if (alignment.matched === n && n === m && renamedKeys(ours, theirs, alignment) === 0) {
    if (literals.length === 0) {
      const args = parameterArguments(ours, theirs, alignment);
      const receiver = receiverArgument(ours, theirs, alignment);
      return { ...judgement, verdict: { kind: 'copy', similarity: 1, ...(args ? { args } : {}), ...(receiver ? { receiver } : {}) } };
    }
    if (new Set(theirs.rows).size < MIN_PARAMETRIC_LINES) return judgement;
    return { ...judgement, verdict: { kind: 'parametric', similarity: 1, literals } };
  }
  if (!isNearAlignment(alignment, n, m)) return judgement;
  const lines = compareLines(ours, theirs, alignment);
  if (!isNearLines(lines, new Set(theirs.rows).size)) return judgement;
  return { ...judgement, verdict: { kind: 'near', similarity: alignment.similarity, lines, literals } };
}

function isNearAlignment(alignment: CodeAlignment, n: number, m: number): boolean {
  const { matched } = alignment;
  if (matched < MIN_NEAR_SHARED_TOKENS) return false;
  const cover = matched / Math.min(n, m);
  const otherCover = matched / Math.max(n, m);
  const minCover = matched < SMALL_NEAR_TOKENS ? 1 : MIN_NEAR_COVER;
  return cover >= minCover && otherCover >= MIN_NEAR_OTHER_COVER && differingRegions(alignment, m) <= Math.max(MAX_NEAR_REGIONS, Math.ceil(matched / NEAR_TOKENS_PER_REGION));
}

function isNearLines(lines: LineComparison, theirLines: number): boolean {
  const differing = lines.differingRows.length + lines.removedRows.length;
  return differing <= Math.max(MAX_NEAR_DIFFERING_LINES, MAX_NEAR_DIFFERING_SHARE * (lines.lines + theirLines));
}

/** Aligned runs shorter than this do not separate two differing regions: `(`, `ID`, `)` matched by chance inside a rewritten line. */
export const MIN_ANCHOR_TOKENS = 3;

/**
 * The differing regions of an alignment: the gaps between runs of aligned
 * tokens (on either side, so an inserted statement is one and a rewritten
 * one is one too), where a run shorter than MIN_ANCHOR_TOKENS joins the
 * gaps around it (`for (const x of xs) {` rewritten as `xs.forEach((x) => {`
 * is one region, not three).
 */
export function differingRegions(alignment: CodeAlignment, theirLength: number): number {
  const counterpart = alignment.counterpart;
  // Runs of pairs (i, j), (i+1, j+1), …: their lengths and whether a gap precedes each.
  const runs: Array<{ length: number; gapBefore: boolean }> = [];
  let prevI = -1;
  let prevJ = -1;
  for (let i = 0; i < counterpart.length; i++) {
    const j = counterpart[i]!;
    if (j < 0) continue;
    const last = runs.at(-1);
    if (last && i === prevI + 1 && j === prevJ + 1) last.length++;
    else runs.push({ length: 1, gapBefore: i > prevI + 1 || j > prevJ + 1 });
    prevI = i;
    prevJ = j;
  }
  const trailingGap = prevI < counterpart.length - 1 || prevJ < theirLength - 1;
  if (runs.length === 0) return counterpart.length + theirLength > 0 ? 1 : 0;
  let gaps = trailingGap ? 1 : 0;
  let joined = 0;
  runs.forEach((run, k) => {
    if (run.gapBefore) gaps++;
    const gapAfter = k + 1 < runs.length ? runs[k + 1]!.gapBefore : trailingGap;
    if (run.length < MIN_ANCHOR_TOKENS && run.gapBefore && gapAfter) joined++;
  });
  return gaps - joined;
}

const KIND_RANK: Readonly<Record<DuplicateKind, number>> = { copy: 0, parametric: 1, near: 2 };

/**
 * Orders judgements best match first: equal normalised code (with or
 * without a kind: a one-line parametric twin is still the closest match,
 * and naming another candidate would name the wrong original), then the
 * other judgements with a kind, most certain kind first, then the most
 * shared tokens and the fewest differing values. Dice alone would prefer a
 * small candidate that shares a few scattered lines over the original that
 * shares all but one region.
 */
export function compareJudgements(a: PairJudgement, b: PairJudgement): number {
  const tier = (j: PairJudgement): number => (j.similarity === 1 ? 0 : j.verdict ? 1 : 2);
  const rank = (j: PairJudgement): number => (j.verdict ? KIND_RANK[j.verdict.kind] : 3);
  return tier(a) - tier(b) || rank(a) - rank(b) || b.similarity - a.similarity || a.differingValues - b.differingValues;
}
