/**
 * @fileoverview `review-guard doctor`: checks the workspace's setup and
 * says, one line per check, what works and what to do about what does not.
 * Exit 0 when everything is fine, 1 when something needs attention, 2 when
 * the config is broken.
 */
import { runHealthChecks, type HealthReport } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import { workspaceRootChoice } from '../root.js';
import { formatHealthReport } from './doctor-text.js';

export async function runDoctor(args: CliArgs, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<CommandOutput> {
  const root = workspaceRootChoice(cwd, args.root);
  const report = await runHealthChecks({ root, cwd, env });
  const exitCode = doctorExitCode(report);
  return { stdout: args.json ? JSON.stringify(report, null, 2) : formatHealthReport(report), exitCode };
}

function doctorExitCode(report: HealthReport): number {
  if (report.verdict === 'broken-config') return EXIT.usage;
  return report.verdict === 'attention' ? EXIT.findings : EXIT.ok;
}
