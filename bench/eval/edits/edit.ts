/**
 * @fileoverview What an edit is: a function from a sampled chunk (its file's
 * syntax tree, the function node and the chunk's text range) to a set of text
 * replacements, or a reason to skip the sample. Edits never reparse: they
 * read the original tree and describe changes by file offset, so several can
 * be combined when they touch disjoint tokens.
 */
import type { SourceFile, SyntaxNode } from '../../../syntax/index.js';
import type { Rng } from '../rng.js';
import { applyEdits, type TextEdit } from '../syntax-util.js';

/** The sampled function an edit works on. */
export interface EditTarget {
  readonly file: SourceFile;
  /** The function-like node inside the chunk. */
  readonly fn: SyntaxNode;
  /** The chunk's text range in the file (whole lines). */
  readonly start: number;
  readonly end: number;
  readonly rng: Rng;
}

/** What an edit wants done. */
export interface EditPlan {
  readonly edits: readonly TextEdit[];
  /** A line-level pass over the edited text (re-indenting). */
  readonly post?: (text: string) => string;
  /** Which variant was applied, for the JSON output. */
  readonly note?: string;
}

/** An edit that does not apply to a sample says why. */
export interface EditSkip {
  readonly skip: string;
}

export type EditOutcome = EditPlan | EditSkip;

export type EditFunction = (target: EditTarget) => EditOutcome;

export function isSkip<T extends object>(outcome: T | EditSkip): outcome is EditSkip {
  return 'skip' in outcome;
}

export function skip(reason: string): EditSkip {
  return { skip: reason };
}

/** The chunk text with the plan applied, or a skip when the plan is empty, overlapping or a no-op. */
export function render(target: EditTarget, plan: EditPlan): string | EditSkip {
  if (plan.edits.length === 0 && !plan.post) return skip('nothing to change');
  const edited = applyEdits(target.file.text, target.start, target.end, plan.edits);
  if (edited === undefined) return skip('overlapping edits');
  const text = plan.post ? plan.post(edited) : edited;
  if (text === target.file.text.slice(target.start, target.end)) return skip('edit changed nothing');
  return text;
}

/** Several plans as one; their edits must touch disjoint ranges (checked when rendering). */
export function mergePlans(plans: readonly EditPlan[]): EditPlan {
  const posts = plans.flatMap((p) => (p.post ? [p.post] : []));
  return {
    edits: plans.flatMap((p) => p.edits),
    ...(posts.length > 0 ? { post: (text: string) => posts.reduce((acc, f) => f(acc), text) } : {}),
    note: plans.map((p) => p.note ?? '').filter(Boolean).join('; '),
  };
}
