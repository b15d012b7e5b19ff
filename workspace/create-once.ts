/**
 * @fileoverview A file review-guard creates once and never replaces (the
 * `requestState` key): written like every workspace write (folders reached
 * without following links, a temp file in the folder, checked before it is
 * committed; workspace-write.ts), but committed with a hard link, which
 * fails on an existing name, where a rewrite renames over it. Two
 * processes creating it at once end with one file, the first one's.
 */
import { link, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { resolveWorkspacePath, WorkspaceFolder, type LinkPolicy } from './write.js';

/**
 * Creates `relPath` under `root` with `data`, readable per `mode` (set
 * before the first byte is written), unless it exists: then false. Judged
 * per `links` like every write.
 */
export async function createWorkspaceFileOnce(root: string, relPath: string, data: string | Uint8Array, options: { readonly links: LinkPolicy; readonly mode: number }): Promise<boolean> {
  const target = resolveWorkspacePath(root, relPath, options.links);
  const folder = await WorkspaceFolder.open(target.realRoot, dirname(target.relPath), { create: true });
  const name = basename(target.relPath);
  const temp = folder.tempFile(name);
  try {
    const handle = await folder.create(temp);
    try {
      await handle.chmod(options.mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await folder.verify();
    return await link(temp, folder.entry(name)).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
  } finally {
    await rm(temp, { force: true });
    await folder.close();
  }
}
