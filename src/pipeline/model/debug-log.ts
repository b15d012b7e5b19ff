/**
 * @fileoverview The model transcript as a debug log file, for runs whose
 * stderr nobody reads (an MCP server started by a host, a hook). Named by
 * `REVIEW_GUARD_LOG`; appended to, one timestamped block per message. An
 * absolute path (or one leading out of the root) is the user's own choice in
 * their environment and used as given; a path inside the root is judged
 * like every workspace write (workspace-write.ts): a link on its way that
 * leads out of the root is refused, with a notice, and the file is opened
 * without following a link.
 */
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { isWithinRoot, resolveWorkspacePath } from '../../../workspace/index.js';
import type { TranscriptSink } from './agent/index.js';

/** The environment variable naming the debug log file (absolute, or relative to the workspace root). */
const DEBUG_LOG_ENV = 'REVIEW_GUARD_LOG';

/** The transcript sink `REVIEW_GUARD_LOG` asks for, or a notice saying why there is none. */
export interface DebugLog {
  readonly sink?: TranscriptSink;
  readonly notice?: string;
}

/** The debug log `env[REVIEW_GUARD_LOG]` names under `root`; empty when it names none. */
export function debugLog(env: NodeJS.ProcessEnv, root: string): DebugLog {
  const name = env[DEBUG_LOG_ENV]?.trim();
  if (!name) return {};
  const path = resolve(root, name);
  if (isAbsolute(name) || !isWithinRoot(root, path)) return { sink: appendingSink(path, 0) };
  try {
    return { sink: appendingSink(resolveWorkspacePath(root, name, 'inside').path, constants.O_NOFOLLOW ?? 0) };
  } catch (error) {
    return { notice: `${DEBUG_LOG_ENV}: ${(error as Error).message}; the model transcript is not written to it` };
  }
}

/** Appends each block to `path`, opened with `extraFlags` every time; one failure stops further attempts. */
function appendingSink(path: string, extraFlags: number): TranscriptSink {
  let failed = false;
  return (text) => {
    if (failed) return;
    try {
      // Synchronous: blocks stay whole and in order, and the transcript is small next to a model call.
      const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | extraFlags, 0o666);
      try {
        writeSync(fd, `${new Date().toISOString()} ${text}\n`);
      } finally {
        closeSync(fd);
      }
    } catch {
      // A debug aid must never fail a review.
      failed = true;
    }
  };
}

/** One sink writing to every given sink. */
export function teeSinks(...sinks: readonly (TranscriptSink | undefined)[]): TranscriptSink | undefined {
  const present = sinks.filter((sink): sink is TranscriptSink => sink !== undefined);
  if (present.length <= 1) return present[0];
  return (text) => {
    for (const sink of present) sink(text);
  };
}
