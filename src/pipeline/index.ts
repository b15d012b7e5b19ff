/**
 * @fileoverview The review pipeline's public surface. Adapters (MCP, CLI,
 * hooks) import only from here; every export is named on purpose.
 */
export { createReviewService, type ReviewService, type ReviewOptions, type ServiceOptions } from './service.js';
export { findWorkspaceRoot, locateWorkspaceRoot, type RootChoice } from './workspace.js';
export {
  runHealthChecks,
  DEFAULT_PROBE_TIMEOUT_MS,
  HealthCheckSchema,
  HealthReportSchema,
  type HealthCheck,
  type HealthOptions,
  type HealthReport,
  type HealthStatus,
} from './health/index.js';
export { ConfigError, UserError } from './errors.js';
export { CONFIG_FILE_NAME } from './config-schema.js';
export type { ReviewEvent } from './review.js';
export {
  FindingSchema,
  ReviewRequestSchema,
  ReviewResultSchema,
  type Finding,
  type FileStatus,
  type ReviewRequest,
  type ReviewResult,
} from './schemas.js';
