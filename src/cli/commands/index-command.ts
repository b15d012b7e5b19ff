/**
 * @fileoverview `review-guard index`: build or refresh the similarity index,
 * with progress (files/s, time left) on stderr when it is a terminal.
 */
import type { CliArgs } from '../args.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import { progressLine } from '../progress.js';
import { workspaceRoot } from '../root.js';
import { oneShotServices, type ServiceSource } from '../services.js';

export async function runIndex(args: CliArgs, cwd: string, stderr: NodeJS.WriteStream, services: ServiceSource = oneShotServices): Promise<CommandOutput> {
  const root = workspaceRoot(cwd, args.root);
  const service = await services.get(root);
  const started = Date.now();
  const progress = progressLine(stderr, 'indexing');
  const stats = await service.updateIndex({ rebuild: args.rebuild, onProgress: progress.update }).catch((error: unknown) => {
    progress.end();
    throw error;
  });
  progress.end();
  const ms = Date.now() - started;
  const line =
    `Indexed ${root}: ${stats.files} files, ${stats.chunks} chunks ` +
    `(${stats.indexed} re-indexed, ${stats.removed} removed, ${stats.unchanged} unchanged) in ${ms} ms.`;
  const notices = await service.takeNotices();
  if (args.json) return { stdout: JSON.stringify({ root, ...stats, durationMs: ms, notices }, null, 2), exitCode: EXIT.ok };
  return { stdout: [...notices.map((n) => `note: ${n}`), line].join('\n'), exitCode: EXIT.ok };
}
