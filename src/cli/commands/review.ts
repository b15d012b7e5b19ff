/**
 * @fileoverview `review-guard review`: paths (or the staged files) in,
 * report out, exit code by the worst thing found. `--staged` reviews the
 * staged text; `--changed` (the default with `--staged`) keeps only the
 * findings about the lines the change touched.
 */
import {
  addModelSummaries,
  changedSourcePaths,
  countSeverities,
  gitChangeScope,
  MAX_FILES_PER_REVIEW,
  readStagedSources,
  UserError,
  type ReviewResult,
  type ReviewService,
} from '../../pipeline/index.js';
import { formatReport, wantsColor } from '../../report/index.js';
import type { CliArgs } from '../args.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import type { CliContext } from '../context.js';
import { workspacePaths, workspaceRoot } from '../root.js';

export async function runReview(args: CliArgs, context: Pick<CliContext, 'cwd' | 'env' | 'stdout' | 'stderr' | 'services'>): Promise<CommandOutput> {
  const { cwd, env } = context;
  if (args.positionals.length === 0 && !args.staged && !args.changed) {
    throw new UserError('review needs at least one file (or --staged, or --changed); e.g. review-guard review src/app.ts');
  }
  const root = workspaceRoot(cwd, args.root);
  const service = await context.services.get(root);
  const named = workspacePaths(root, cwd, args.positionals);
  const sources = args.staged ? await readStagedSources(root, named.length > 0 ? new Set(named) : undefined) : undefined;
  // --changed without files: every source file changed since HEAD.
  const listChanged = !sources && named.length === 0 && args.changed;
  const files = sources ? [...sources.keys()] : listChanged ? await changedSourcePaths(root) : named;
  const diffOnly = args.changed || (args.staged && !args.full);
  // Reading staged sources or listing changed files has already checked that the root is in a git work tree.
  const inWorkTree = sources !== undefined || listChanged ? true : undefined;
  const scope = diffOnly && files.length > 0 ? await gitChangeScope(root, files, args.staged, inWorkTree) : undefined;
  const transcript = args.verbose ? (text: string) => void context.stderr.write(`${text}\n`) : undefined;
  const result = await reviewInBatches(service, files, {
    model: args.model,
    ...(sources ? { sources } : {}),
    ...(scope ? { scope } : {}),
    ...(transcript ? { transcript } : {}),
  });
  const stdout = formatReport(result, args.format, { color: wantsColor(context.stdout, env), root });
  return { stdout, exitCode: exitCodeOf(result) };
}

/** Reviews any number of files in calls of at most 200 and merges the results. */
export async function reviewInBatches(
  service: ReviewService,
  files: readonly string[],
  options: Parameters<ReviewService['review']>[1],
): Promise<ReviewResult> {
  const merged: ReviewResult = { findings: [], summary: { files: [], counts: { error: 0, warning: 0, info: 0 }, durationMs: 0 } };
  for (let i = 0; i < files.length; i += MAX_FILES_PER_REVIEW) {
    // The first call brings the index up to date; later ones need not walk the workspace again.
    const batchOptions = i === 0 ? options : { ...options, refreshIndex: false };
    const { findings, summary } = await service.review({ files: files.slice(i, i + MAX_FILES_PER_REVIEW) }, batchOptions);
    // Loops, not push(...): a spread of 100k findings would overflow the call stack.
    for (const finding of findings) merged.findings.push(finding);
    for (const status of summary.files) merged.summary.files.push(status);
    merged.summary.durationMs += summary.durationMs;
    if (summary.notices) merged.summary.notices = [...(merged.summary.notices ?? []), ...summary.notices];
    if (summary.model) merged.summary.model = merged.summary.model ? addModelSummaries(merged.summary.model, summary.model) : summary.model;
  }
  merged.summary.counts = countSeverities(merged.findings);
  return merged;
}

/**
 * 2 when a file could not be read (an input problem), else 1 when review-guard
 * failed inside on a file or an error finding exists, else 0.
 */
function exitCodeOf(result: ReviewResult): number {
  const { files } = result.summary;
  if (files.some((f) => f.status === 'error' && f.failedStage === undefined)) return EXIT.usage;
  if (files.some((f) => f.failedStage !== undefined)) return EXIT.findings;
  return result.findings.some((f) => f.severity === 'error') ? EXIT.findings : EXIT.ok;
}
