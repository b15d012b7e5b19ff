/**
 * @fileoverview `review-guard review`: paths in, report out, exit code by
 * the worst thing found.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { createReviewService, UserError, type ReviewResult } from '../../pipeline/index.js';
import { formatText } from '../../report/text.js';
import type { CliArgs } from '../args.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import { workspaceRoot } from '../root.js';

export async function runReview(args: CliArgs, cwd: string): Promise<CommandOutput> {
  if (args.positionals.length === 0) throw new UserError('review needs at least one file; e.g. review-guard review src/app.ts');
  const root = workspaceRoot(cwd, args.root);
  const service = await createReviewService({ root, watch: false });
  // Standing inside the root, paths are relative to where the user stands (as a shell
  // completes them); with --root pointing elsewhere, they are relative to that root.
  const base = isInside(root, cwd) ? cwd : root;
  const files = args.positionals.map((p) => resolve(base, p));
  const transcript = args.verbose ? (text: string) => void process.stderr.write(`${text}\n`) : undefined;
  const result = await service.review({ files }, { model: args.model, ...(transcript ? { transcript } : {}) });
  return { stdout: args.json ? JSON.stringify(result, null, 2) : formatText(result), exitCode: exitCodeOf(result) };
}

/** 2 when a file could not be reviewed, else 1 when an error finding exists, else 0. */
export function exitCodeOf(result: ReviewResult): number {
  if (result.summary.files.some((f) => f.status === 'error')) return EXIT.usage;
  return result.findings.some((f) => f.severity === 'error') ? EXIT.findings : EXIT.ok;
}

function isInside(root: string, dir: string): boolean {
  const rel = relative(root, realpathSync(dir));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
