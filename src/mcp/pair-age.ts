/**
 * @fileoverview Which half of a duplicate pair is the newer code, when a
 * review reported both halves (each as a copy of the other). The question
 * "reuse the existing one, or keep the new one?" is about the newer half;
 * the rule uses only what the review can know:
 *
 * 1. a file with uncommitted work (changed against HEAD, staged or not, or
 *    untracked) is newer than a committed, unchanged one: git knows that
 *    the change is the new code;
 * 2. else (both changed, both committed, or no git) the file modified
 *    later is newer;
 * 3. else (the same file, the same time, or a file unreadable) neither is,
 *    and the half the review reported first is asked about.
 *
 * A pair of which only one half was reviewed needs none of this: the
 * reviewed file is the new code and the other half the indexed original.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { changedPaths, isGitWorkTree } from '../pipeline/index.js';

/** Of two reviewed files, the newer one; undefined when the rule cannot tell them apart. */
export type NewerFile = (a: string, b: string) => string | undefined;

/** The rule for `files` (workspace-relative) of the workspace at `root`: one git question and one stat per file. */
export async function newerFileRule(root: string, files: readonly string[]): Promise<NewerFile> {
  const [changed, times] = await Promise.all([uncommitted(root), Promise.all(files.map((file) => modifiedAt(root, file)))]);
  const modified = new Map(files.map((file, i) => [file, times[i]]));
  return (a, b) => {
    if (a === b) return undefined;
    if (changed.has(a) !== changed.has(b)) return changed.has(a) ? a : b;
    const [timeA, timeB] = [modified.get(a), modified.get(b)];
    if (timeA === undefined || timeB === undefined || timeA === timeB) return undefined;
    return timeA > timeB ? a : b;
  };
}

/** Files with uncommitted work; none outside a git work tree, or when git cannot tell. */
async function uncommitted(root: string): Promise<Set<string>> {
  try {
    return (await isGitWorkTree(root)) ? new Set(await changedPaths(root)) : new Set();
  } catch {
    return new Set();
  }
}

async function modifiedAt(root: string, file: string): Promise<number | undefined> {
  try {
    return (await stat(join(root, file))).mtimeMs;
  } catch {
    return undefined;
  }
}
