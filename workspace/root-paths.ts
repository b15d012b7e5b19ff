/**
 * @fileoverview Whether a path stays inside the workspace root. The lowest
 * layer that reads or writes workspace files (the index, the pipeline's
 * guard, the CLI) judges containment here, so every reader agrees.
 */
import { isAbsolute, relative, sep } from 'node:path';

/** Whether `path` (absolute, already resolved as the caller needs) is `root` or inside it. */
export function isWithinRoot(root: string, path: string): boolean {
  return !leavesRoot(relative(root, path));
}

/** Whether a path relative to the root (as `path.relative` gives it) leads out of it. */
export function leavesRoot(relativePath: string): boolean {
  return relativePath === '..' || relativePath.startsWith(`..${sep}`) || isAbsolute(relativePath);
}
