/**
 * @fileoverview The edit types the benchmark measures, by name: `none` (the
 * unedited chunk, a sanity baseline), the agent-like edits, `combined`
 * (rename + reformat + literals) and `semicolons` (an extra formatter-level
 * variant). `variantText` applies one to a target and checks that the
 * result still parses whenever the original did.
 */
import { createSourceFile, type LanguageId } from '../../../syntax/index.js';
import { isSkip, mergePlans, render, skip, type EditFunction, type EditSkip, type EditTarget } from './edit.js';
import { extractHelperEdit } from './extract-helper.js';
import { literalsEdit, literalsPlan } from './literals.js';
import { loggingEdit } from './logging.js';
import { loopStyleEdit } from './loop-style.js';
import { reformatEdit, reformatPlan } from './reformat.js';
import { renameEdit, renamePlan } from './rename.js';
import { reorderEdit } from './reorder.js';
import { semicolonsEdit } from './semicolons.js';
import { typesEdit } from './types.js';

export const EDIT_TYPES = [
  'none',
  'rename',
  'reformat',
  'literals',
  'types',
  'reorder',
  'loop-style',
  'logging',
  'extract-helper',
  'combined',
  'semicolons',
] as const;

export type EditType = (typeof EDIT_TYPES)[number];

/** The edit types the findings harness (`bench/eval-findings.ts`) writes as copies, in report order. */
export const FINDING_EDIT_TYPES: readonly EditType[] = [
  'rename',
  'reformat',
  'literals',
  'types',
  'reorder',
  'loop-style',
  'logging',
  'extract-helper',
  'combined',
];

const combinedEdit: EditFunction = (target) => {
  const rename = renamePlan(target);
  if (!rename) return skip('no names to rename');
  return mergePlans([rename, reformatPlan(target), literalsPlan(target)]);
};

const EDITS: Readonly<Record<Exclude<EditType, 'none'>, EditFunction>> = {
  rename: renameEdit,
  reformat: reformatEdit,
  literals: literalsEdit,
  types: typesEdit,
  reorder: reorderEdit,
  'loop-style': loopStyleEdit,
  logging: loggingEdit,
  'extract-helper': extractHelperEdit,
  combined: combinedEdit,
  semicolons: semicolonsEdit,
};

/** A query text made from the target by one edit type. */
export interface Variant {
  readonly text: string;
  readonly note: string;
}

/** The edited chunk text, or why this edit does not apply to the target. */
export function variantText(type: EditType, target: EditTarget): Variant | EditSkip {
  const original = target.file.text.slice(target.start, target.end);
  if (type === 'none') return { text: original, note: 'unchanged' };
  const outcome = EDITS[type](target);
  if (isSkip(outcome)) return outcome;
  const text = render(target, outcome);
  if (typeof text !== 'string') return text;
  if (snippetParses(original, target.file.language) && !snippetParses(text, target.file.language)) {
    return skip('edited code does not parse');
  }
  return { text, note: outcome.note ?? '' };
}

/** Whether a snippet parses without errors alone or as a class member (as the index reads snippets). */
export function snippetParses(code: string, language: LanguageId): boolean {
  if (!createSourceFile('<snippet>', code, language).root.hasError) return true;
  return !createSourceFile('<snippet>', `class Snippet {\n${code}\n}`, language).root.hasError;
}
