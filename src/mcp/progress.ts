/**
 * @fileoverview What a review is doing, in words and numbers: turns the
 * pipeline's ReviewEvents into progress steps ("file 3/12: asking the
 * model"). The same steps feed MCP progress notifications on the
 * synchronous path and the status message of a task.
 */
import type { ReviewEvent } from '../pipeline/index.js';

export interface ProgressStep {
  /** Strictly increasing within one review, as MCP progress requires (the notifier drops a step that does not advance). */
  readonly progress: number;
  readonly total: number;
  readonly message: string;
}

const STAGE_WORDS = { rules: 'checking rules', index: 'indexing', model: 'asking the model' } as const;

/**
 * A tracker for one review of `fileCount` files. Progress runs from 0 to
 * 2 × files: the first half indexes the batch, the second reviews file by file.
 */
export function progressTracker(fileCount: number): (event: ReviewEvent) => ProgressStep | undefined {
  const total = 2 * fileCount;
  let indexed = 0;
  let position = 0;
  let current = { index: 0, of: fileCount, file: '' };
  const step = (progress: number, message: string): ProgressStep | undefined => {
    if (progress <= position) return undefined;
    position = progress;
    return { progress, total, message };
  };
  return (event) => {
    switch (event.type) {
      case 'model-loading':
        return step(fileCount + current.index + 0.6, `file ${current.index + 1}/${current.of}: ${event.status}`);
      case 'duplicates':
        return step(fileCount, `searching duplicates across ${event.total} file(s)`);
      case 'file':
        current = { index: event.index, of: event.total, file: event.file };
        return step(fileCount + event.index + 0.1, `file ${event.index + 1}/${event.total}: ${event.file}`);
      case 'stage':
        if (event.stage === 'index') {
          indexed++;
          return step(Math.min(indexed, fileCount) - 0.5, `indexing ${indexed}/${fileCount}: ${event.file}`);
        }
        return step(
          fileCount + current.index + (event.stage === 'rules' ? 0.2 : 0.5),
          `file ${current.index + 1}/${current.of}: ${STAGE_WORDS[event.stage]}`,
        );
    }
  };
}
