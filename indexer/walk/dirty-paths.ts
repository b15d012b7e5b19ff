/**
 * @fileoverview What a set of changed paths (from the workspace watcher,
 * workspace-watch.ts) means for the index, without walking: which source
 * files to re-check and which indexed files are gone or no longer selected.
 * A path it cannot judge alone (a selectable folder created, or removed
 * with indexed files in it) asks for a full walk instead; `WorkspaceScanner`
 * picks between the two for a refresh, and keeps the last walk's record.
 * As in the walk, nothing is followed through a symlink: a path reached
 * through one (a watched folder swapped for a link, as a `git checkout` of
 * a branch where it is one does) counts as gone, and a folder that became a
 * link takes its indexed files out of the index (by a walk, which does not
 * enter it).
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Catalog } from '../catalog.js';
import { sourceEntry, walkSourceTree, type SourceEntry } from './file-walk.js';
import { SKIPPED_FOLDERS, type FileSelection } from './path-filter.js';
import type { IndexStore } from '../store/index.js';
import type { WalkRecord } from './walk-record.js';
import { WorkspaceWatcher } from './watcher.js';

/** The files to re-check and the indexed files to drop, or `walk`. */
type DirtyScope = { readonly kind: 'walk' } | { readonly kind: 'files'; readonly entries: SourceEntry[]; readonly gone: string[] };

/** Where and what the index selects. */
interface DirtyContext {
  readonly root: string;
  readonly selection: FileSelection;
  readonly maxFileBytes: number;
  readonly catalog: Catalog;
  /** Whether the selection takes a file (the index's check for this refresh: ignore files are read once). */
  readonly selects: (relPath: string) => Promise<boolean>;
}

/** See the file overview; `paths` are workspace-relative POSIX paths. */
async function resolveDirtyPaths(paths: ReadonlySet<string>, context: DirtyContext): Promise<DirtyScope> {
  const { root, maxFileBytes, catalog, selects } = context;
  const entries: SourceEntry[] = [];
  const gone: string[] = [];
  for (const rel of [...paths].sort()) {
    if (rel.split('/').some((part) => part.startsWith('.') || SKIPPED_FOLDERS.has(part))) continue;
    const abs = path.join(root, ...rel.split('/'));
    const kind = await pathKind(root, abs);
    if (kind === 'directory') return { kind: 'walk' };
    if (kind === 'missing' || kind === 'other') {
      if (catalog.file(rel)) gone.push(rel);
      else if (catalog.filePaths().some((file) => file.startsWith(`${rel}/`))) return { kind: 'walk' };
      continue;
    }
    const entry = await sourceEntry(abs, rel);
    if (entry && entry.size <= maxFileBytes && (await selects(rel))) entries.push(entry);
    else if (catalog.file(rel)) gone.push(rel);
  }
  return { kind: 'files', entries, gone };
}

/** `other`: neither a file nor a folder, or reached through a symlink (at its own name or a folder's on the way). */
async function pathKind(root: string, abs: string): Promise<'file' | 'directory' | 'missing' | 'other'> {
  try {
    const [stats, real, realRoot] = await Promise.all([lstat(abs), realpath(abs), realpath(root)]);
    if (real !== path.join(realRoot, path.relative(root, abs))) return 'other';
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}

/** The files a refresh looks at: the changed ones, or every file a walk found. */
type RefreshScope = Exclude<DirtyScope, { kind: 'walk' }> | { readonly kind: 'walk'; readonly entries: SourceEntry[] };

/**
 * What an index knows about its workspace between refreshes: the watcher
 * (with `watch`) and the last walk's record (walk-record.ts), which it
 * saves beside the index.
 */
export class WorkspaceScanner {
  private readonly watcher: WorkspaceWatcher | undefined;
  private recordChanged = false;

  constructor(
    root: string,
    watch: boolean,
    private record: WalkRecord | undefined,
  ) {
    this.watcher = watch ? new WorkspaceWatcher(root) : undefined;
  }

  /**
   * The files a refresh looks at: the changed paths when the watcher can
   * tell, else every file of a walk (which re-arms the watcher) that reuses
   * the record's listings still valid. `fresh` (a rebuild) trusts neither.
   */
  async scope(context: DirtyContext, fresh: boolean): Promise<RefreshScope> {
    if (this.watcher && !fresh) {
      await WorkspaceWatcher.settle();
      const pending = this.watcher.take();
      const scope = pending.kind === 'paths' ? await resolveDirtyPaths(pending.paths, context) : pending;
      if (scope.kind === 'files') return scope;
    }
    const startedAt = Date.now();
    const tree = await walkSourceTree(context.root, { maxFileBytes: context.maxFileBytes, ...context.selection }, fresh ? undefined : this.record);
    this.watcher?.walked(tree.folders, startedAt);
    this.record = tree.record;
    this.recordChanged ||= tree.recordChanged;
    return { kind: 'walk', entries: tree.files };
  }

  /** Saves the walk record if it changed since it was read or saved. Only a cache: a failure costs the next walk its listings. */
  async saveRecord(store: Pick<IndexStore, 'saveWalkRecord'>): Promise<void> {
    if (!this.record || !this.recordChanged) return;
    await store.saveWalkRecord(this.record).catch(() => undefined);
    this.recordChanged = false;
  }

  /** Stops watching; refreshes walk from then on. */
  close(): void {
    this.watcher?.close();
  }
}
