/**
 * @fileoverview `CodeIndexOptions` resolved: defaults filled in, the store
 * identity (what a persisted store must have been built with) derived, and
 * the file selection kept apart for the walk and for `indexSource`.
 */
import path from 'node:path';
import { defaultThreads } from '../syntax/index.js';
import { resolveChunkOptions } from './chunks/index.js';
import type { CodeIndexOptions } from './code-index-types.js';
import type { Embedder } from './embedders/index.js';
import { DEFAULT_MAX_FILE_BYTES } from './walk/index.js';
import type { FileSelection } from './walk/index.js';
import { isWithinRoot } from '../workspace/index.js';
import type { StoreIdentity } from './store/index.js';

/** What an index works with, from its options. */
export interface IndexSettings {
  readonly root: string;
  readonly embedder: Embedder;
  readonly semantic: Embedder | undefined;
  readonly identity: StoreIdentity;
  readonly storeDir: string;
  /** The folder the store's writes are confined to: the root when the store lives under it (the default), else the store's parent. */
  readonly storeRoot: string;
  readonly maxFileBytes: number;
  readonly selection: FileSelection;
  readonly watch: boolean;
  readonly parallel: { readonly threads: number; readonly minFiles: number };
}

/** Files a refresh must read before it starts worker threads; see `CodeIndexOptions.parallel`. */
const PARALLEL_MIN_FILES = 200;

/** Checks and resolves `options`; throws for a relative root. */
export function resolveIndexSettings(options: CodeIndexOptions): IndexSettings {
  const { root, embedder, semantic, include, exclude, gitignore } = options;
  if (!path.isAbsolute(root)) throw new Error(`CodeIndex root must be absolute, got "${root}"`);
  const storeDir = options.storeDir ?? path.join(root, '.review-guard', 'index');
  return {
    root,
    embedder,
    semantic,
    identity: {
      embedderId: embedder.id,
      dimensions: embedder.dimensions,
      chunking: resolveChunkOptions(options.chunkOptions),
      ...(semantic ? { semantic: { embedderId: semantic.id, dimensions: semantic.dimensions } } : {}),
    },
    storeDir,
    storeRoot: isWithinRoot(root, storeDir) ? root : path.dirname(storeDir),
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    watch: options.watch ?? false,
    parallel: { threads: options.parallel?.threads ?? defaultThreads(), minFiles: options.parallel?.minFiles ?? PARALLEL_MIN_FILES },
    selection: { ...(include ? { include } : {}), ...(exclude ? { exclude } : {}), ...(gitignore !== undefined ? { gitignore } : {}) },
  };
}
