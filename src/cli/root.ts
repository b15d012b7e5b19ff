/**
 * @fileoverview The workspace root for a command, with a clear error when
 * `--root` names a folder that does not exist.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { locateWorkspaceRoot, UserError, type RootChoice } from '../pipeline/index.js';

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
