/**
 * @fileoverview `review-guard index`: build or refresh the similarity index,
 * with progress on stderr for long builds.
 */
import { createReviewService } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import { workspaceRoot } from '../root.js';

export async function runIndex(args: CliArgs, cwd: string, stderr: NodeJS.WriteStream): Promise<CommandOutput> {
  const root = workspaceRoot(cwd, args.root);
  const service = await createReviewService({ root });
  const started = Date.now();
  let lastShown = 0;
  const stats = await service.updateIndex({
    rebuild: args.rebuild,
    onProgress: (done, total) => {
      // Progress only for a person watching, at most a few times a second.
      if (!stderr.isTTY || Date.now() - lastShown < 250) return;
      lastShown = Date.now();
      stderr.write(`\rindexing ${done}/${total} files`);
    },
  });
  if (stderr.isTTY && lastShown > 0) stderr.write('\n');
  const ms = Date.now() - started;
  const line =
    `Indexed ${root}: ${stats.files} files, ${stats.chunks} chunks ` +
    `(${stats.indexed} re-indexed, ${stats.removed} removed, ${stats.unchanged} unchanged) in ${ms} ms.`;
  return { stdout: args.json ? JSON.stringify({ root, ...stats, durationMs: ms }, null, 2) : line, exitCode: EXIT.ok };
}
