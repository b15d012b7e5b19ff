/**
 * @fileoverview The model stage inside a review: one file's review under the shared
 * budget (`file-review.ts`), the stage that keeps only findings the model may
 * make (`stage.ts`), the bound on concurrent requests (`gate.ts`), the
 * summary line (`summary.ts`), the transcript debug log (`debug-log.ts`) and
 * the bounded tool loop itself (`agent/`).
 */
export { debugLog, teeSinks } from './debug-log.js';
export { type ModelBudget, pushReviewWarning, reviewWithModel } from './file-review.js';
export { ModelGate } from './gate.js';
export { addModelSummaries, ModelStageTally } from './summary.js';
