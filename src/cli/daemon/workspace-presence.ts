/**
 * @fileoverview Whether the workspace a daemon started for is still there,
 * so a daemon whose workspace is deleted leaves without saving anything
 * into it (a save would make `.review-guard/` again).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether the workspace the daemon started for is still there: the same
 * folder (not one made again under its name), and review-guard's own folder
 * in it when it had one (a recursive delete takes that first).
 */
export class WorkspacePresence {
  private readonly identity: string | undefined;
  private readonly hadOwnDir: boolean;

  constructor(private readonly root: string) {
    this.identity = folderIdentity(root);
    this.hadOwnDir = folderIdentity(join(root, '.review-guard')) !== undefined;
  }

  present(): boolean {
    if (this.identity === undefined || folderIdentity(this.root) !== this.identity) return false;
    return !this.hadOwnDir || folderIdentity(join(this.root, '.review-guard')) !== undefined;
  }
}

function folderIdentity(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}` : undefined;
  } catch {
    return undefined;
  }
}
