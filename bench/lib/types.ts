/**
 * @fileoverview The JSON shapes the bench's worker process prints and the
 * parent reads: warm single-file checks, warm incremental updates and the
 * heap probe.
 */
import type { Summary } from './stats.js';

/** Warm single-file duplicate checks through the review service. */
export interface WarmCheckResult {
  readonly files: readonly string[];
  readonly meanChunksPerFile: number;
  readonly duplicateFindings: number;
  readonly reviewMs: Summary;
  /** Process CPU time (user + system, all threads) per check: less skewed by other load than wall time. */
  readonly reviewCpuMs: Summary;
  /** Pieces of one check, measured apart on the same files. */
  readonly breakdown: {
    /** Walking and stat-ing the workspace: what each review's refresh costs at least. */
    readonly walkMs: Summary;
    readonly parseMs: Summary;
    readonly chunkMs: Summary;
    /** All of one file's chunk searches (k = the configured candidates). */
    readonly searchMs: Summary;
    /** The same searches with the duplicate verdict: each close candidate's text read, aligned and judged. */
    readonly verdictMs: Summary;
  };
}

/** Warm incremental updates of one changed file through `CodeIndex.refresh`. */
export interface IncrementalResult {
  readonly files: readonly string[];
  readonly noChangeRefreshMs: Summary;
  readonly oneFileRefreshMs: Summary;
  readonly oneFileRefreshCpuMs: Summary;
  readonly breakdown: {
    /** Re-indexing one changed file in memory (`indexSource`, parse excluded). */
    readonly indexSourceMs: Summary;
    /** Writing the whole store (`save`). */
    readonly saveMs: Summary;
  };
}

/** Memory around one `CodeIndex.open` (GC before both readings). */
export interface OpenSample {
  readonly before: NodeJS.MemoryUsage;
  readonly after: NodeJS.MemoryUsage;
  readonly openMs: number;
}

/**
 * The persisted index opened several times in one fresh process, each copy
 * kept alive: the first open also pays one-time costs (code, caches, malloc
 * arenas), the later ones show what one more loaded index costs.
 */
export interface HeapProbeResult {
  readonly files: number;
  readonly chunks: number;
  readonly dimensions: number;
  readonly opens: readonly OpenSample[];
  readonly hnswFileBytes: number;
  /** Slots the vector file was saved with (hnswlib's max_elements). */
  readonly hnswCapacity: number;
  /** Size of the flat vector file: a flat index (no HNSW graph or native tables) holds its vectors as the file's sparse lists. 0 for HNSW. */
  readonly flatFileBytes: number;
  readonly metaFileBytes: number;
}

/** One worker mode and what it prints. */
export type WorkerMode = 'warm-check' | 'incremental' | 'heap';
