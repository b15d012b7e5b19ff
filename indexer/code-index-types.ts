/**
 * @fileoverview The public shapes of the code index: how to open it, what
 * refresh and search take, and what they and `stats` report.
 */
import type { LanguageId } from '../syntax/index.js';
import type { Chunk, ChunkOptions } from './chunks/index.js';
import type { Embedder } from './embedders/index.js';
import type { FileSelection } from './walk/index.js';
import type { StoreLockOptions } from './store/index.js';

/**
 * How to open an index. `include`, `exclude` and `gitignore` (see
 * `FileSelection`) choose the files; changing them needs no rebuild: the next
 * refresh removes the files no longer selected and indexes the new ones.
 */
export interface CodeIndexOptions extends FileSelection {
  /** Absolute workspace root. */
  readonly root: string;
  /** The structural embedder: its cosine is `Candidate.score`. */
  readonly embedder: Embedder;
  /**
   * A semantic (neural) embedder: each chunk's text also gets its vector,
   * and search ranks by reciprocal-rank fusion of both signals. Without it,
   * search ranks by the structural score alone.
   */
  readonly semantic?: Embedder;
  /** Default `<root>/.review-guard/index`. */
  readonly storeDir?: string;
  /** Larger files are not indexed (default 1 MiB). */
  readonly maxFileBytes?: number;
  readonly chunkOptions?: ChunkOptions;
  /** How long a save waits for another writer's lock, and when a lock is stale. */
  readonly lock?: StoreLockOptions;
  /**
   * Watch the walked folders so a refresh re-checks only changed paths
   * instead of walking the workspace (default false; for long-lived
   * processes; see workspace-watch.ts for the staleness guarantee). `close`
   * stops it.
   */
  readonly watch?: boolean;
  /**
   * Worker threads for refreshes that must read many files (a first build,
   * a rebuild, a branch switch): `threads` (default one per core, at most 4;
   * 1 reads every file on the calling thread) and the least number of files
   * to read that starts them (default 200: starting workers costs ~100 ms).
   */
  readonly parallel?: { readonly threads?: number; readonly minFiles?: number };
}

/** What a refresh or rebuild did, and the index size after it (excluded files count in none of the first three). */
export interface IndexStats {
  readonly indexed: number;
  readonly removed: number;
  readonly unchanged: number;
  readonly files: number;
  readonly chunks: number;
}

/** How `refresh` runs. */
export interface RefreshOptions {
  /**
   * Called with the count of files done and the total: at most once per
   * `progressIntervalMs` during the walk, and always once at the end
   * (done = total, also for an empty walk).
   */
  readonly onProgress?: (done: number, total: number) => void;
  /** Least time between two progress calls, in ms (default 100). */
  readonly progressIntervalMs?: number;
  /**
   * Workspace-relative POSIX paths to leave as they are in the index: not
   * read, not re-indexed, not removed even when gone from disk. For files the
   * caller indexes right after with `indexSource` from its own parse.
   */
  readonly exclude?: ReadonlySet<string>;
  /**
   * false: change the index in memory only and leave the save to the caller
   * (a review saves once at its end, and a save that fails there costs a
   * notice, not the index stage). Default true.
   */
  readonly persist?: boolean;
}

/** Size and modification time of a file as read from disk: the index's cheap "unchanged" check. */
export interface FileStat {
  readonly size: number;
  readonly mtimeMs: number;
}

/** Search by an indexed (or freshly chunked) chunk, or by free code. */
export type SearchQuery = { readonly chunk: Chunk } | { readonly code: string; readonly language: LanguageId };

/** `readCode`'s answer: the code as indexed, or notice that it changed since. */
export interface CodeRead {
  /** The chunk as indexed; its `text` is empty when `changed`. */
  readonly chunk: Chunk;
  /** The code as indexed; empty when `changed` (refresh, then search again). */
  readonly text: string;
  readonly changed: boolean;
}

/** Size and provenance of the index, for logs and status output. */
export interface IndexStatus {
  readonly files: number;
  readonly chunks: number;
  /** The structural embedder. */
  readonly embedder: string;
  readonly dimensions: number;
  /** The semantic embedder, and how many chunks have its vector; absent without one. */
  readonly semantic?: { readonly embedder: string; readonly dimensions: number; readonly vectors: number };
  readonly storeDir: string;
  /** How `open` found the store; `discarded` comes with the reason it was rebuilt. */
  readonly openedFrom: 'store' | 'empty' | 'discarded';
  readonly discardReason?: string;
  /**
   * What went differently than asked, oldest first (at most 20): a store or
   * its semantic vectors rebuilt, a semantic embedder that failed and was
   * left out of an index or search call.
   */
  readonly notices: readonly string[];
  /** Notices ever added (the list keeps the newest); a reader compares it to tell what is new. */
  readonly noticeCount: number;
}
