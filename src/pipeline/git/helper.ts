/**
 * @fileoverview A small child process that runs git for a long-lived
 * parent (the daemon). Starting a process from a large one costs time in
 * proportion to its memory (fork copies its page tables: tens of ms for a
 * warm index of a few thousand files); from this small process, a few. Runs
 * one `execFile` per message and answers with what `execFile` gave.
 */
import { execFile } from 'node:child_process';
import type { GitCall, GitOutcome } from './runner.js';

process.on('message', (call: GitCall) => {
  execFile('git', call.args, { cwd: call.cwd, env: call.env, maxBuffer: call.maxBuffer, encoding: 'utf8' }, (error, stdout, stderr) => {
    const outcome: GitOutcome = {
      id: call.id,
      stdout,
      stderr,
      ...(error ? { error: { message: error.message, code: (error as NodeJS.ErrnoException).code ?? null } } : {}),
    };
    process.send?.(outcome);
  });
});
// The parent gone, the helper goes: it must never outlive the daemon.
process.on('disconnect', () => process.exit(0));
