/**
 * @fileoverview `review-guard baseline`: record today's findings as
 * accepted, so later reviews report only new ones. Rules and index only:
 * model findings are not deterministic enough to match run to run.
 */
import { relative } from 'node:path';
import { createReviewService, readBaselineFile, toPosix, workspaceSourcePaths, writeBaseline } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import { workspacePaths, workspaceRoot } from '../root.js';
import { reviewInBatches } from './review.js';

export async function runBaseline(args: CliArgs, cwd: string): Promise<CommandOutput> {
  const root = workspaceRoot(cwd, args.root);
  const service = await createReviewService({ root, watch: false });
  const named = workspacePaths(root, cwd, args.positionals);
  const files = named.length > 0 ? named : await workspaceSourcePaths(root, service.loaded.config);
  // Every finding, baselined or not: the new baseline replaces the old one for these files.
  const result = await reviewInBatches(service, files, { model: false, baseline: false, capFindings: false });
  const failed = result.summary.files.filter((f) => f.status === 'error');
  if (failed.length > 0) {
    return { stdout: failed.map((f) => `${f.file}: ${f.reason ?? 'error'}`).join('\n'), stderr: 'review-guard: baseline not written', exitCode: EXIT.usage };
  }
  // With files named, the entries of every other file stay as they were.
  const reviewed = new Set(files);
  const kept = named.length > 0 ? ((await readBaselineFile(root))?.findings ?? []).filter((entry) => !reviewed.has(entry.file)) : [];
  // The count the file holds: repeated fingerprints are one entry, a duplicate is recorded under each copy.
  const { path, entries } = await writeBaseline(root, result.findings, kept);
  const reviewedCount = result.summary.files.filter((f) => f.status === 'reviewed').length;
  const line = `Recorded ${entries} finding(s) from ${reviewedCount} reviewed file(s) in ${toPosix(relative(cwd, path)) || path}; later reviews report only new ones.`;
  return { stdout: args.json ? JSON.stringify({ path, findings: entries, files: reviewedCount }) : line, exitCode: EXIT.ok };
}
