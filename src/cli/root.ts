/**
 * @fileoverview The workspace root for a command, with a clear error when
 * `--root` names a folder that does not exist, and the command's file
 * arguments as workspace paths.
 */
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { isWithinRoot, locateWorkspaceRoot, toPosix, UserError, type RootChoice } from '../pipeline/index.js';

export function workspaceRoot(cwd: string, explicit: string | undefined): string {
  return workspaceRootChoice(cwd, explicit).root;
}

/** The root and how it was chosen (for `doctor`). */
export function workspaceRootChoice(cwd: string, explicit: string | undefined): RootChoice {
  if (explicit !== undefined) {
    const path = resolve(cwd, explicit);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new UserError(`--root ${explicit}: no such folder`);
    }
    if (!isDir) throw new UserError(`--root ${explicit}: not a folder`);
  }
  return locateWorkspaceRoot(cwd, explicit);
}

/**
 * File arguments as workspace-relative POSIX paths. Standing inside the root,
 * they are relative to where the user stands (as a shell completes them,
 * through a symlinked folder too); with `--root` pointing elsewhere, to that
 * root. A path outside the root stays absolute, for the review to refuse.
 */
export function workspacePaths(root: string, cwd: string, paths: readonly string[]): string[] {
  const realCwd = realpathSync(cwd);
  const base = isWithinRoot(root, realCwd) ? realCwd : root;
  return paths.map((p) => {
    const absPath = resolve(base, p);
    const rel = relative(root, absPath);
    return isAbsolute(rel) ? absPath : toPosix(rel);
  });
}
