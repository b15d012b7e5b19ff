/**
 * @fileoverview The review pipeline's public surface. Adapters (MCP, CLI,
 * hooks) import only from here; every export is named on purpose.
 */
export { createReviewService, type ReviewService, type ReviewOptions, type ServiceOptions } from './service.js';
export { findWorkspaceRoot, toPosix } from './workspace.js';
export { ConfigError, UserError } from './errors.js';
export { CONFIG_FILE_NAME } from './config-schema.js';
export type { ReviewEvent } from './review.js';
export { BASELINE_FILE_NAME, readBaseline, readBaselineFile, workspaceSourcePaths, writeBaseline } from './baseline.js';
export { gitChangeScope, parseZeroContextDiff, WHOLE_FILE, type ChangeScope, type FileChange } from './diff-scope.js';
export { isGitWorkTree, isIgnoredByGit } from './git.js';
export { changedSourcePaths, isSourcePath, readStagedSources } from './staged.js';
export { readSuppressions, type Suppression } from './suppressions.js';
export {
  FindingSchema,
  ReviewRequestSchema,
  ReviewResultSchema,
  type Finding,
  type FileStatus,
  type ReviewRequest,
  type ReviewResult,
} from './schemas.js';
