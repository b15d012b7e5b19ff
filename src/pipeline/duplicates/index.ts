/**
 * @fileoverview The duplicate judgement: the index stage that judges a file's chunks
 * against their candidates (`index-stage.ts`), the verdict for one pair
 * (`verdict.ts`: copy, parametric or near copy, or only similar) on the
 * alignment of normalised tokens (`alignment.ts`, `token-diff.ts`), a copy
 * split into caller and helpers read as one (`helper-splice.ts`), what a
 * finding says (`text.ts`) and the pairs a person accepted
 * (`accepted-pairs.ts`). The pipeline and the model stage read it.
 */
export { AcceptedDuplicates, duplicatePair, type DuplicatePair } from './accepted-pairs.js';
export { searchDuplicates, type UnjudgedDuplicate } from './index-stage.js';
export { duplicateSeverities, similarDraft } from './text.js';
export { GREY_AGREEMENT, MIN_SHARED_TERMS } from './evidence-verdict.js';
