/**
 * @fileoverview Change tracking for a long-lived index, so a refresh need
 * not walk the whole workspace: every folder the last walk entered gets a
 * (non-recursive) `fs.watch`, and the names events report become a dirty
 * set. One watch per walked folder rather than Node's recursive mode: the
 * walk already skips dependency, build, hidden and ignored folders, so
 * `node_modules` and `.git` cost no inotify watches.
 *
 * Staleness guarantee: a change to a file that completed before `refresh()`
 * was called is seen by that refresh. The refresh first lets the event loop
 * take the events the kernel has queued (`settle`), then re-checks every
 * dirty path. Whatever the dirty set cannot answer falls back to a full walk
 * (which also re-arms the watches): the first refresh, a watch that failed
 * (e.g. the inotify limit, ENOSPC) or reported an error, a folder created,
 * removed or renamed, a `.gitignore` or `.git/info/exclude` changed, more
 * than MAX_DIRTY paths pending, and at least every FULL_WALK_INTERVAL_MS as
 * a safety net for events a file system does not deliver (network mounts).
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** A refresh walks the whole workspace at least this often even when watching. */
export const FULL_WALK_INTERVAL_MS = 60_000;
/** More dirty paths than this: a walk is cheaper than checking each. */
const MAX_DIRTY = 2_000;

/** What the next refresh must look at. */
type PendingChanges = { readonly kind: 'walk' } | { readonly kind: 'paths'; readonly paths: ReadonlySet<string> };

/** See the file overview. */
export class WorkspaceWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private dirty = new Set<string>();
  private needsWalk = true;
  private lastWalk = 0;
  private closed = false;

  constructor(private readonly root: string) {}

  /** Lets queued file-system events reach the dirty set (one turn of the event loop). */
  static settle(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  /** The changes since the last `take`, or `walk` when only a full walk can tell. */
  take(now = Date.now()): PendingChanges {
    const walk = this.closed || this.needsWalk || this.dirty.size > MAX_DIRTY || now - this.lastWalk > FULL_WALK_INTERVAL_MS;
    const paths = this.dirty;
    this.dirty = new Set();
    return walk ? { kind: 'walk' } : { kind: 'paths', paths };
  }

  /**
   * After a full walk that entered `folders` (workspace-relative, '' for the
   * root): watches exactly those, from now on. Events since the walk started
   * stay dirty, so a change during the walk is checked again.
   */
  walked(folders: readonly string[], startedAt: number): void {
    if (this.closed) return;
    const wanted = new Set(folders);
    for (const [rel, watcher] of this.watchers) {
      if (!wanted.has(rel)) {
        watcher.close();
        this.watchers.delete(rel);
      }
    }
    this.needsWalk = false;
    for (const rel of wanted) {
      if (this.watchers.has(rel)) continue;
      try {
        this.watchers.set(rel, this.watchFolder(rel));
      } catch {
        // Out of watches, or the folder went away: walk every time until the next walk succeeds here.
        this.needsWalk = true;
      }
    }
    this.lastWalk = startedAt;
  }

  /** Stops watching; later `take`s always ask for a walk. */
  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  get watchedFolders(): number {
    return this.watchers.size;
  }

  private watchFolder(rel: string): FSWatcher {
    const abs = rel === '' ? this.root : path.join(this.root, ...rel.split('/'));
    const watcher = watch(abs, { persistent: false }, (_event, name) => {
      if (name === null) {
        this.needsWalk = true;
        return;
      }
      const child = rel === '' ? name.toString() : `${rel}/${name.toString()}`;
      if (child.endsWith('.gitignore') || child === '.git' || child.startsWith('.git/')) this.needsWalk = true;
      this.dirty.add(child);
    });
    watcher.on('error', () => {
      // The folder was removed, or the watch broke: only a walk can tell what changed.
      this.needsWalk = true;
      watcher.close();
      this.watchers.delete(rel);
    });
    return watcher;
  }
}
