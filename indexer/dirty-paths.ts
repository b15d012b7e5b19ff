/**
 * @fileoverview What a set of changed paths (from the workspace watcher,
 * workspace-watch.ts) means for the index, without walking: which source
 * files to re-check and which indexed files are gone or no longer selected.
 * A path it cannot judge alone (a selectable folder created, or removed
 * with indexed files in it) asks for a full walk instead; `refreshScope`
 * picks between the two for a refresh.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { Catalog } from './catalog.js';
import { sourceEntry, walkSourceTree, type SourceEntry } from './file-walk.js';
import { PathFilter, SKIPPED_FOLDERS, type FileSelection } from './path-filter.js';
import { WorkspaceWatcher } from './workspace-watch.js';

/** The files to re-check and the indexed files to drop, or `walk`. */
export type DirtyScope = { readonly kind: 'walk' } | { readonly kind: 'files'; readonly entries: SourceEntry[]; readonly gone: string[] };

/** Where and what the index selects. */
export interface DirtyContext {
  readonly root: string;
  readonly selection: FileSelection;
  readonly maxFileBytes: number;
  readonly catalog: Catalog;
}

/** See the file overview; `paths` are workspace-relative POSIX paths. */
export async function resolveDirtyPaths(paths: ReadonlySet<string>, context: DirtyContext): Promise<DirtyScope> {
  const { root, selection, maxFileBytes, catalog } = context;
  const allows = PathFilter.checker(root, selection);
  const entries: SourceEntry[] = [];
  const gone: string[] = [];
  for (const rel of [...paths].sort()) {
    if (rel.split('/').some((part) => part.startsWith('.') || SKIPPED_FOLDERS.has(part))) continue;
    const abs = path.join(root, ...rel.split('/'));
    const kind = await pathKind(abs);
    if (kind === 'directory') return { kind: 'walk' };
    if (kind === 'missing') {
      if (catalog.file(rel)) gone.push(rel);
      else if (catalog.filePaths().some((file) => file.startsWith(`${rel}/`))) return { kind: 'walk' };
      continue;
    }
    const entry = kind === 'file' ? await sourceEntry(abs, rel) : undefined;
    if (entry && entry.size <= maxFileBytes && (await allows(rel))) entries.push(entry);
    else if (catalog.file(rel)) gone.push(rel);
  }
  return { kind: 'files', entries, gone };
}

async function pathKind(abs: string): Promise<'file' | 'directory' | 'missing' | 'other'> {
  try {
    const stats = await lstat(abs);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}

/**
 * The files a refresh looks at: the changed paths when `watcher` can tell,
 * else every file of a full walk (which re-arms `rearm`, the index's watcher).
 */
export async function refreshScope(
  context: DirtyContext,
  watcher: WorkspaceWatcher | undefined,
  rearm: WorkspaceWatcher | undefined,
): Promise<Exclude<DirtyScope, { kind: 'walk' }> | { readonly kind: 'walk'; readonly entries: SourceEntry[] }> {
  if (watcher) {
    await WorkspaceWatcher.settle();
    const pending = watcher.take();
    const scope = pending.kind === 'paths' ? await resolveDirtyPaths(pending.paths, context) : pending;
    if (scope.kind === 'files') return scope;
  }
  const startedAt = Date.now();
  const tree = await walkSourceTree(context.root, { maxFileBytes: context.maxFileBytes, ...context.selection });
  rearm?.walked(tree.folders, startedAt);
  return { kind: 'walk', entries: tree.files };
}
