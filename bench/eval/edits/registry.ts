/**
 * @fileoverview The edit types the benchmarks measure, by name: `none` (the
 * unedited chunk, a sanity baseline), the agent-like edits, `combined`
 * (rename + reformat + literals), `agent-combined` (rename + reformat + one
 * literal + a log line) and `semicolons` (an extra formatter-level
 * variant). `variantText` applies one to a target and checks that the
 * result still parses whenever the original did.
 */
import { createSourceFile, type LanguageId } from '../../../syntax/index.js';
import { isSkip, mergePlans, render, skip, type EditFunction, type EditSkip, type EditTarget } from './edit.js';
import { classMoveEdit } from './class-move.js';
import { extractHelperEdit } from './extract-helper.js';
import { fieldRenameEdit } from './field-rename.js';
import { arrowFunctionEdit } from './function-form.js';
import { literalsEdit, literalsPlan, oneLiteralEdit, oneLiteralPlan } from './literals.js';
import { guardEdit, logLineEdit, logLinePlan, loggingEdit } from './logging.js';
import { loopStyleEdit } from './loop-style.js';
import { reformatEdit, reformatPlan } from './reformat.js';
import { renameEdit, renamePlan } from './rename.js';
import { reorderEdit } from './reorder.js';
import { semicolonsEdit } from './semicolons.js';
import { toJavaScriptEdit } from './to-javascript.js';
import { typesEdit } from './types.js';

/** The edit types of the ranking benchmark (`bench/eval-duplicates.ts`), its default set. */
export const RANKING_EDIT_TYPES = [
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

/** Every edit type: the ranking benchmark's and those the findings harness added. */
export const EDIT_TYPES = [
  ...RANKING_EDIT_TYPES,
  'literal-one',
  'log-line',
  'guard',
  'class-move',
  'arrow-function',
  'ts-to-js',
  'agent-combined',
  'field-rename',
] as const;

export type EditType = (typeof EDIT_TYPES)[number];

/** The edit types the findings harness (`bench/eval-findings.ts`) writes as copies, in report order. */
export const FINDING_EDIT_TYPES: readonly EditType[] = [
  'rename',
  'reformat',
  'literals',
  'literal-one',
  'types',
  'log-line',
  'guard',
  'reorder',
  'loop-style',
  'extract-helper',
  'class-move',
  'arrow-function',
  'field-rename',
  'ts-to-js',
  'agent-combined',
];

/** Edit types whose copy is written as JavaScript (a `.ts` original's copy becomes `.js`). */
export const TO_JAVASCRIPT: ReadonlySet<EditType> = new Set(['ts-to-js']);

const combinedEdit: EditFunction = (target) => {
  const rename = renamePlan(target);
  if (!rename) return skip('no names to rename');
  return mergePlans([rename, reformatPlan(target), literalsPlan(target)]);
};

// The log line names the function and its first parameter as renamed, so the copy still runs.
const agentCombinedEdit: EditFunction = (target) => {
  const rename = renamePlan(target);
  if (!rename) return skip('no names to rename');
  const literal = oneLiteralPlan(target);
  const log = logLinePlan(target, (name) => rename.renamed.get(name) ?? name);
  return mergePlans([rename, reformatPlan(target), ...(literal ? [literal] : []), ...(log ? [log] : [])]);
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
  'literal-one': oneLiteralEdit,
  'log-line': logLineEdit,
  guard: guardEdit,
  'class-move': classMoveEdit,
  'arrow-function': arrowFunctionEdit,
  'ts-to-js': toJavaScriptEdit,
  'agent-combined': agentCombinedEdit,
  'field-rename': fieldRenameEdit,
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
