/**
 * @fileoverview What a change review reviews: the staged text of the staged
 * source files for a pre-commit review (it may differ from the working tree:
 * `git add -p`, or edits made after `git add`), or the source files changed
 * since HEAD.
 */
import { languageForPath } from '../../../syntax/index.js';
import { UserError } from '../errors.js';
import { changedPaths, isGitWorkTree, stagedPaths, stagedText } from '../git/index.js';

/** Whether a path has a language review-guard reviews (by its extension). */
export function isSourcePath(path: string): boolean {
  return languageForPath(path) !== undefined;
}

/**
 * The staged text of every staged source file, by workspace-relative path;
 * with `only`, of those paths among them.
 */
export async function readStagedSources(root: string, only?: ReadonlySet<string>): Promise<Map<string, string>> {
  if (!(await isGitWorkTree(root))) throw new UserError(`${root} is not inside a git repository; --staged needs one`);
  const paths = (await stagedPaths(root)).filter((p) => isSourcePath(p) && (!only || only.has(p)));
  const sources = new Map<string, string>();
  for (const path of paths) sources.set(path, await stagedText(root, path));
  return sources;
}

/** The source files changed in the working tree since HEAD, untracked ones included. */
export async function changedSourcePaths(root: string): Promise<string[]> {
  if (!(await isGitWorkTree(root))) throw new UserError(`${root} is not inside a git repository; --changed needs one (or name the files and pass --full)`);
  return (await changedPaths(root)).filter(isSourcePath);
}
