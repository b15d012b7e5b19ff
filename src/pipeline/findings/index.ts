/**
 * @fileoverview Findings as every adapter sees them: drafts filled in with source,
 * fingerprint and catalog text (`drafts.ts`), the per-file cap
 * (`cap.ts`), and a file's internal error as its status, never the batch's
 * (`file-failure.ts`).
 */
export { capFindingsPerFile } from './cap.js';
export { catalogMessage, countSeverities, type FindingDraft, fingerprintOf, reuseSuggestion, ruleDraft, sortFindings, toFindings, withoutFindings } from './drafts.js';
export { runContained, type StageContext } from './file-failure.js';
