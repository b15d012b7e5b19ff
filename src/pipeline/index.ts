/**
 * @fileoverview The review pipeline's public surface. Adapters (MCP, CLI,
 * hooks) import only from here; every export is named on purpose.
 */
export { createReviewService, type ReviewService } from './service.js';
export { reloadingService } from './service-reload.js';
export { findWorkspaceRoot, isWithinRoot, locateWorkspaceRoot, realOrSelf, toPosix, type RootChoice } from './workspace.js';
export { duplicatePair, type DuplicatePair } from './duplicates/index.js';
export { countSeverities, withoutFindings } from './findings/index.js';
export { isLoopbackHost } from '../../models/ollama-host.js';
import type { HealthOptions } from './health/index.js';
import type { HealthReport } from './health/report.js';
import type { ChatModelReadiness } from './health/ollama-probe.js';

export { HealthReportSchema, type HealthReport } from './health/report.js';
export { ConfigError, UserError } from './errors.js';
export { readForRewrite } from './config/index.js';
export { readInsideRoot, resolveWorkspacePath, WorkspaceFolder, WorkspaceLinkError, writeWorkspaceFile } from '../../workspace/index.js';
export { addModelSummaries } from './model/index.js';
export { plainText } from './plain-text.js';
export { isJsonObject } from './json-object.js';
export { CONFIG_FILE_NAME, ConfigSchema, type McpConfig } from './config/index.js';
export type { ReviewEvent } from './review-run.js';
export { ruleCatalog, ruleDocs } from './rule-docs.js';
export { BASELINE_FILE_NAME, readBaselineFile, workspaceSourcePaths, writeBaseline } from './scope/index.js';
export { type ChangeScope, type FileChange, editedFileScope, gitChangeScope, WHOLE_FILE } from './scope/index.js';
export { changedPaths, gitIgnoreStatus, isGitWorkTree, trackedPaths } from './git/index.js';
export { useGitHelper } from './git/index.js';
export { changedSourcePaths, isSourcePath, readStagedSources } from './scope/index.js';
export {
  FindingSchema,
  MAX_FILES_PER_REVIEW,
  ReviewRequestSchema,
  ReviewResultSchema,
  type Finding,
  type FileStatus,
  type ReviewRequest,
  type ReviewResult,
} from './schemas.js';

/**
 * The checks behind `review-guard doctor`. Loaded on use: the Ollama probe
 * and the embedder modules they need would otherwise load with every command.
 */
export async function runHealthChecks(options: HealthOptions): Promise<HealthReport> {
  return (await import('./health/index.js')).runHealthChecks(options);
}

/** Whether the chat model is pulled on the local Ollama (init's starter config); loaded on use, as the doctor is. */
export async function chatModelReadiness(model: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChatModelReadiness> {
  return (await import('./health/ollama-probe.js')).chatModelReadiness(model, env, timeoutMs);
}
