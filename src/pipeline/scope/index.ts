/**
 * @fileoverview Which findings a review reports: diff-only findings of a change
 * (`diff-scope.ts`), the staged text of a pre-commit review (`staged.ts`),
 * the baseline (`baseline.ts`) and inline suppressions (`suppressions.ts`).
 */
export { BASELINE_FILE_NAME, readBaseline, readBaselineFile, withoutBaselined, workspaceSourcePaths, writeBaseline } from './baseline.js';
export { type ChangeScope, type FileChange, editedFileScope, gitChangeScope, keepInScope, mayPassScope, WHOLE_FILE } from './diff-scope.js';
export { changedSourcePaths, isSourcePath, readStagedSources } from './staged.js';
export { applySuppressions } from './suppressions.js';
