/**
 * @fileoverview The shape of a health report (`review-guard doctor`): one
 * check per line, each with a status, a one-line message, the fix when
 * something needs doing, and machine-readable details. Zod schemas, so an
 * MCP tool or a script can validate what the CLI prints with `--json`.
 */
import { z } from 'zod';

const HEALTH_CHECK_IDS = ['config', 'workspace', 'syntax', 'ollama', 'chat-model', 'embedder', 'index'] as const;

/**
 * - `ok`: works as configured;
 * - `info`: worth knowing, nothing to do (a stage switched off, a check skipped);
 * - `warn`: needs attention: a stage will not run or runs degraded;
 * - `error`: review-guard cannot run (a broken config).
 */
const HealthStatusSchema = z.enum(['ok', 'info', 'warn', 'error']);

const HealthCheckSchema = z.strictObject({
  id: z.enum(HEALTH_CHECK_IDS),
  status: HealthStatusSchema,
  /** What was found, one line. */
  message: z.string(),
  /** What to do about it; present for `warn` and `error`, sometimes for `info`. */
  fix: z.string().optional(),
  /** Numbers and names behind the message (host, version, sizes, ages). */
  details: z.record(z.string(), z.unknown()).optional(),
});

export const HealthReportSchema = z.strictObject({
  root: z.string(),
  checks: z.array(HealthCheckSchema),
  /** `broken-config` when the config is invalid, else `attention` when any check warns, else `healthy`. */
  verdict: z.enum(['healthy', 'attention', 'broken-config']),
});

type HealthStatus = z.infer<typeof HealthStatusSchema>;
export type HealthCheck = z.infer<typeof HealthCheckSchema>;
export type HealthReport = z.infer<typeof HealthReportSchema>;
type HealthCheckId = (typeof HEALTH_CHECK_IDS)[number];

/** Builds a check, leaving out an absent fix and empty details. */
export function check(id: HealthCheckId, status: HealthStatus, message: string, extra: { fix?: string; details?: Record<string, unknown> } = {}): HealthCheck {
  return {
    id,
    status,
    message,
    ...(extra.fix !== undefined ? { fix: extra.fix } : {}),
    ...(extra.details && Object.keys(extra.details).length > 0 ? { details: extra.details } : {}),
  };
}

/** The report's verdict from its checks. */
export function verdictOf(checks: readonly HealthCheck[]): HealthReport['verdict'] {
  if (checks.some((c) => c.id === 'config' && c.status === 'error')) return 'broken-config';
  return checks.some((c) => c.status === 'warn' || c.status === 'error') ? 'attention' : 'healthy';
}
