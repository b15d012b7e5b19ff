/**
 * @fileoverview An internal error while reviewing one file is that file's
 * status, never the batch's: the file becomes `error` with the stage and a
 * one-line reason, its other stages and the other files still report, and
 * the stack goes to the transcript only (`--verbose`, `REVIEW_GUARD_LOG`),
 * never into a report. Cancellation and the user's own problems (a bad
 * config, a missing binding) still end the review, as they concern every file.
 */
import { RuleOptionsError } from '../../../rules/engine.js';
import type { TranscriptSink } from '../model/agent/index.js';
import { UserError } from '../errors.js';
import type { FileStage, FileStatus } from '../schemas.js';

/** The file's status to mark, and where the stack goes. */
export interface StageContext {
  readonly status: FileStatus;
  readonly signal?: AbortSignal;
  readonly transcript?: TranscriptSink;
}

const DOING: Readonly<Record<FileStage, string>> = {
  index: 'indexing it (no duplicate search for it)',
  rules: 'running the rules on it',
  model: 'running the model stage on it',
  report: 'filtering its findings (none are reported)',
};

/** Long enough to name the problem; a reason is one line of a report, not a dump. */
const MAX_REASON_CHARS = 200;

/** `work`'s value, or undefined when it failed inside (the file's status then says so). */
export async function runContained<T>(context: StageContext, stage: FileStage, work: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (context.signal?.aborted || error instanceof UserError || error instanceof RuleOptionsError) throw error;
    markFailed(context, stage, error);
    return undefined;
  }
}

function markFailed({ status, transcript }: StageContext, stage: FileStage, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  transcript?.(`internal error while ${DOING[stage]}, ${status.file}:\n${detail}`);
  // The first failure names the stage; later ones are in the transcript.
  if (status.failedStage) return;
  status.status = 'error';
  status.failedStage = stage;
  status.reason = `review-guard failed while ${DOING[stage]}: internal error: ${oneLine(error)}`;
}

function oneLine(error: unknown): string {
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split('\n')[0]!.trim();
  return message.length > MAX_REASON_CHARS ? `${message.slice(0, MAX_REASON_CHARS - 1)}…` : message;
}
