/**
 * @fileoverview The workspaces one warm process serves: a review service
 * per root (the one `createReviewService` the MCP server uses, watched, so
 * its index follows every edit), made on first use and kept while it is
 * used. A root is let go — its index saved, its watcher stopped — after its
 * own `daemon.idleSeconds` without a call, at once when its folder is
 * deleted (saving nothing: a save would make `.review-guard/` again), and
 * least recently used first when the process holds more roots or memory
 * than its limits. A root let go is loaded again from its saved index by
 * its next call.
 *
 * Not safe for overlapping use: the daemon calls it from its one queue, so
 * a root is never let go while a call is using it.
 */
import { ConfigSchema, reloadingService, type ReviewService } from '../../pipeline/index.js';
import { WorkspacePresence } from './workspace-presence.js';

/** How much one warm process holds before it lets the least recently used roots go. */
export interface WarmLimits {
  readonly maxRoots: number;
  /** Resident memory past which every root but the one just used is let go (memory falls only after a collection, so it cannot be measured root by root). */
  readonly maxRssBytes: number;
}

export const DEFAULT_LIMITS: WarmLimits = { maxRoots: 8, maxRssBytes: 256 * 1024 * 1024 };

const DEFAULT_IDLE_MS = ConfigSchema.parse({}).daemon.idleSeconds * 1000;

interface WarmRoot {
  readonly slot: ReturnType<typeof reloadingService>;
  readonly presence: WorkspacePresence;
  lastUsedMs: number;
  idleMs: number;
}

export class WarmRoots {
  /** In order of use, least recent first (a use moves a root to the end). */
  private readonly roots = new Map<string, WarmRoot>();

  constructor(private readonly limits: WarmLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.roots.size;
  }

  /** The service of `root`, made on first use; the root counts as used now. */
  async get(root: string, now = Date.now()): Promise<ReviewService> {
    let warm = this.roots.get(root);
    if (warm) this.roots.delete(root);
    else warm = { slot: reloadingService({ root, watch: true, deferSaves: true, repeatConfigNotes: true }), presence: new WorkspacePresence(root), lastUsedMs: now, idleMs: DEFAULT_IDLE_MS };
    warm.lastUsedMs = now;
    this.roots.set(root, warm);
    const service = await warm.slot.get();
    warm.idleMs = service.loaded.config.daemon.idleSeconds * 1000;
    return service;
  }

  /** Lets go of the roots idle past their own idle time or deleted, then of the least used past the limits; `keep` stays. */
  async trim(keep: string | undefined, now = Date.now()): Promise<void> {
    for (const [root, warm] of this.roots) {
      if (!warm.presence.present()) await this.release(root, false);
      else if (root !== keep && now - warm.lastUsedMs >= warm.idleMs) await this.release(root, true);
    }
    const overMemory = process.memoryUsage.rss() > this.limits.maxRssBytes;
    for (const root of [...this.roots.keys()]) {
      if (this.roots.size <= (overMemory ? 1 : this.limits.maxRoots)) break;
      if (root !== keep) await this.release(root, true);
    }
  }

  /** Saves the index of every root still there. */
  async saveAll(): Promise<void> {
    await Promise.all([...this.roots.values()].map((warm) => save(warm)));
  }

  /** Stops every root's watcher (after `saveAll`, or without saving). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.roots.values()].map((warm) => warm.slot.close().catch(() => undefined)));
    this.roots.clear();
  }

  private async release(root: string, saving: boolean): Promise<void> {
    const warm = this.roots.get(root)!;
    this.roots.delete(root);
    if (saving) await save(warm);
    await warm.slot.close().catch(() => undefined);
  }
}

/** The root's index saved, unless its folder is gone or its service never loaded. */
async function save(warm: WarmRoot): Promise<void> {
  if (!warm.presence.present()) return;
  await warm.slot.get().then(
    (service) => service.updateIndex(),
    () => undefined,
  ).catch(() => undefined);
}
