/**
 * @fileoverview The model transcript as a debug log file, for runs whose
 * stderr nobody reads (an MCP server started by a host, a hook). Named by
 * `REVIEW_GUARD_LOG`; appended to, one timestamped block per message.
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TranscriptSink } from './agent/index.js';

/** The environment variable naming the debug log file (absolute, or relative to the workspace root). */
const DEBUG_LOG_ENV = 'REVIEW_GUARD_LOG';

/** A sink appending to the file `env[REVIEW_GUARD_LOG]` names, or undefined when it names none. */
export function debugLogSink(env: NodeJS.ProcessEnv, root: string): TranscriptSink | undefined {
  const name = env[DEBUG_LOG_ENV]?.trim();
  if (!name) return undefined;
  const path = resolve(root, name);
  let failed = false;
  return (text) => {
    if (failed) return;
    try {
      // Synchronous: blocks stay whole and in order, and the transcript is small next to a model call.
      appendFileSync(path, `${new Date().toISOString()} ${text}\n`);
    } catch {
      // A debug aid must never fail a review; one failure stops further attempts.
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
