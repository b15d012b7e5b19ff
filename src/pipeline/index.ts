/**
 * @fileoverview The review pipeline's public surface. Adapters (MCP, CLI,
 * hooks) import only from here; every export is named on purpose.
 */
export { createReviewService, type ReviewService, type ReviewOptions, type ServiceOptions } from './service.js';
export { findWorkspaceRoot } from './workspace.js';
export { duplicatePair, withoutFindings, type DuplicatePair } from './accepted-duplicates.js';
export { ConfigError, UserError } from './errors.js';
export { CONFIG_FILE_NAME, type Config, type McpConfig } from './config-schema.js';
export type { ReviewEvent } from './review.js';
export { ruleCatalog, ruleDocs, type RuleEntry } from './rule-docs.js';
export {
  FindingSchema,
  ReviewRequestSchema,
  ReviewResultSchema,
  type Finding,
  type FileStatus,
  type ReviewRequest,
  type ReviewResult,
} from './schemas.js';
