/**
 * @fileoverview Source files for many texts at once: the parses (tree-sitter
 * and flattening, most of the time a file takes) run on worker threads,
 * each tree comes back as a transferred buffer of node columns, and the
 * source file is built on the caller's thread from it — so rules, the
 * chunker and the rest see exactly what `createSourceFile` makes. While it
 * would wait for the next tree, the caller's thread parses a batch itself.
 * Small batches are parsed in place: starting workers costs more than it saves.
 */
import type { LanguageId } from './languages/index.js';
import type { ParsedColumns } from './native.js';
import { defaultThreads, runInOrder } from './ordered-pool.js';
import { parseColumns, treeOf } from './parse.js';
import { createSourceFile, sourceFileOf, type SourceFile } from './source-file.js';

/** A text to parse, under the path its source file will carry. */
export interface ParseJob {
  readonly path: string;
  readonly text: string;
  readonly language: LanguageId;
}

/** What a parse worker sends back for one job. */
export type ParseOutcome = ParsedColumns | { readonly failed: string };

/** The columns of one parse, or why it failed (the caller parses it again to raise the error). */
export function parseOutcome(text: string, language: LanguageId): ParseOutcome {
  try {
    return parseColumns(text, language);
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Fewer files than this are parsed on the caller's thread. */
export const PARSE_POOL_MIN_FILES = 64;

/**
 * The source file of each job, in job order. A file the worker could not
 * parse is parsed again here, so its error surfaces as `createSourceFile`'s.
 */
export async function* createSourceFiles(
  jobs: readonly ParseJob[],
  threads = defaultThreads(),
): AsyncGenerator<SourceFile, void, undefined> {
  if (threads < 1 || jobs.length < PARSE_POOL_MIN_FILES) {
    for (const job of jobs) yield createSourceFile(job.path, job.text, job.language);
    return;
  }
  let i = 0;
  const parseHere = ({ text, language }: ParseJob): ParseOutcome => parseOutcome(text, language);
  for await (const outcome of runInOrder(new URL('./parse-worker.js', import.meta.url), undefined, jobs, threads, parseHere)) {
    const job = jobs[i++]!;
    yield 'failed' in outcome
      ? createSourceFile(job.path, job.text, job.language)
      : sourceFileOf(job.path, treeOf(job.text, job.language, outcome), job.language);
  }
}
