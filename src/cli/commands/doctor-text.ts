/**
 * @fileoverview The doctor's report for a terminal: one line per check
 * (status, check, what was found, and the fix), then a verdict line.
 */
import type { HealthReport } from '../../pipeline/index.js';

const ID_WIDTH = 'chat-model'.length;

export function formatHealthReport(report: HealthReport): string {
  const lines = [`review-guard doctor: ${report.root}`];
  for (const c of report.checks) {
    const fix = c.fix ? ` → fix: ${c.fix}` : '';
    lines.push(`${c.status.padEnd(5)} ${c.id.padEnd(ID_WIDTH)}  ${c.message}${fix}`);
  }
  const attention = report.checks.filter((c) => c.status === 'warn' || c.status === 'error').length;
  if (report.verdict === 'broken-config') lines.push('The config is invalid: fix it first (exit 2).');
  else if (report.verdict === 'attention') lines.push(`${attention} check(s) need attention (exit 1).`);
  else lines.push('Everything review-guard needs is in place.');
  return lines.join('\n');
}
