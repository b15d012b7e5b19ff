/**
 * @fileoverview The similarity index of a workspace: keeps chunks of every
 * source file embedded in a vector index, persisted under
 * `<root>/.review-guard/index/`, refreshed incrementally by content hash,
 * and answers "what code looks like this?". Only `save` writes the store
 * (`refresh` and `rebuild` end with it); `indexSource` changes memory only,
 * so a review that indexes several files writes the store once.
 */
import path from 'node:path';
import { createSourceFile, languageForPath, type LanguageId, type SourceFile } from '../syntax/index.js';
import { rankCandidates, type Candidate } from './candidates.js';
import { Catalog, toChunk, toRecord, type CatalogEntry } from './catalog.js';
import { chunkFile, chunkFileWithTokens, resolveChunkOptions, type Chunk, type ChunkOptions } from './chunker.js';
import type { Embedder } from './embedder.js';
import {
  DEFAULT_MAX_FILE_BYTES,
  readSourceText,
  sourceEntry,
  toWorkspacePath,
  walkSourceFiles,
  type SourceEntry,
} from './file-walk.js';
import { contentHash, tokensHash } from './hash.js';
import { HnswIndex } from './hnsw-index.js';
import { IndexedTexts } from './indexed-text.js';
import { declarationCore, normalizeSnippet } from './normalize.js';
import { IndexStore, type StoreIdentity } from './store.js';
import type { VectorIndex } from './vector-index.js';

/** How to open an index. */
export interface CodeIndexOptions {
  /** Absolute workspace root. */
  readonly root: string;
  readonly embedder: Embedder;
  /** Default `<root>/.review-guard/index`. */
  readonly storeDir?: string;
  /** Larger files are not indexed (default 1 MiB). */
  readonly maxFileBytes?: number;
  readonly chunkOptions?: ChunkOptions;
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
  /** Called after each file of the walk with the count done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Workspace-relative POSIX paths to leave as they are in the index: not
   * read, not re-indexed, not removed even when gone from disk. For files the
   * caller indexes right after with `indexSource` from its own parse.
   */
  readonly exclude?: ReadonlySet<string>;
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
  readonly embedder: string;
  readonly dimensions: number;
  readonly storeDir: string;
  /** How `open` found the store; `discarded` comes with the reason it was rebuilt. */
  readonly openedFrom: 'store' | 'empty' | 'discarded';
  readonly discardReason?: string;
}

/** See the file overview. The review pipeline calls exactly these methods. */
export class CodeIndex {
  private readonly texts: IndexedTexts;
  private queue: Promise<unknown> = Promise.resolve();
  private dirty = false;
  /** Whether the store on disk matches the catalog as of the last save. */
  private persisted: boolean;

  private constructor(
    private readonly root: string,
    private readonly embedder: Embedder,
    private readonly store: IndexStore,
    private readonly identity: StoreIdentity,
    private readonly maxFileBytes: number,
    private catalog: Catalog,
    private vectors: VectorIndex,
    private readonly opened: Pick<IndexStatus, 'openedFrom' | 'discardReason'>,
  ) {
    this.texts = new IndexedTexts(root);
    this.persisted = opened.openedFrom === 'store';
  }

  /** Opens the persisted index, or an empty one when it is missing, corrupt or incompatible. */
  static async open(options: CodeIndexOptions): Promise<CodeIndex> {
    if (!path.isAbsolute(options.root)) throw new Error(`CodeIndex root must be absolute, got "${options.root}"`);
    const { embedder } = options;
    const store = new IndexStore(options.storeDir ?? path.join(options.root, '.review-guard', 'index'));
    const identity: StoreIdentity = {
      embedderId: embedder.id,
      dimensions: embedder.dimensions,
      chunking: resolveChunkOptions(options.chunkOptions),
    };
    const loaded = await store.load(identity);
    const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const args = [options.root, embedder, store, identity, maxFileBytes] as const;
    if (loaded.status === 'loaded') return new CodeIndex(...args, loaded.catalog, loaded.vectors, { openedFrom: 'store' });
    const opened = loaded.status === 'missing'
      ? { openedFrom: 'empty' as const }
      : { openedFrom: 'discarded' as const, discardReason: loaded.reason };
    return new CodeIndex(...args, new Catalog(), HnswIndex.create(embedder.dimensions), opened);
  }

  /**
   * Re-indexes files whose content changed, drops deleted ones, then saves
   * (when anything changed). Files in `exclude` are left as they are.
   * A bare callback is taken as `{ onProgress }`.
   */
  refresh(options: RefreshOptions | ((done: number, total: number) => void) = {}): Promise<IndexStats> {
    const { onProgress, exclude } = typeof options === 'function' ? { onProgress: options, exclude: undefined } : options;
    return this.exclusive(() => this.refreshNow(onProgress, new Set([...(exclude ?? [])].map(toWorkspacePath))));
  }

  /**
   * Builds the index again from the workspace and saves it. The previous
   * store stays on disk, whole, until the new one replaces it; if the build
   * fails, the index in memory is the previous one too.
   */
  rebuild(): Promise<IndexStats> {
    return this.exclusive(async () => {
      const previous = { catalog: this.catalog, vectors: this.vectors, dirty: this.dirty };
      this.catalog = new Catalog();
      this.vectors = HnswIndex.create(this.embedder.dimensions);
      try {
        return await this.refreshNow(undefined, new Set(), true);
      } catch (error) {
        ({ catalog: this.catalog, vectors: this.vectors, dirty: this.dirty } = previous);
        throw error;
      }
    });
  }

  /**
   * (Re)indexes one file from a parse the caller already has and returns its
   * chunks; unchanged content is not re-embedded. Only in memory: nothing is
   * written until `save` (or the next `refresh` or `rebuild`).
   */
  indexSource(relPath: string, file: SourceFile): Promise<Chunk[]> {
    return this.exclusive(async () => {
      const rel = toWorkspacePath(relPath);
      const hash = contentHash(file.text);
      this.texts.remember(rel, hash, file.text);
      if (this.catalog.file(rel)?.hash === hash) return chunkFile(file, rel, this.identity.chunking);
      // Record the disk stat only when the disk holds this text, so refresh re-checks otherwise.
      const entry = await sourceEntry(path.join(this.root, ...rel.split('/')), rel);
      const onDisk = entry !== undefined && (await readSourceText(entry.absPath)) === file.text;
      return this.indexFile(rel, file, hash, onDisk ? entry : undefined);
    });
  }

  /**
   * The k chunks most similar to the query, best first. Never the query chunk
   * itself nor chunks overlapping it in its file (its class, its methods);
   * exact normalised copies score 1; chunks whose indexed text can no longer
   * be read back (their file changed since) are left out until the next refresh.
   */
  async search(query: SearchQuery, k: number): Promise<Candidate[]> {
    if (k <= 0 || this.catalog.chunkCount === 0) return [];
    const { vector, hash, self } = await this.queryVector(query);
    return rankCandidates(
      { catalog: this.catalog, vectors: this.vectors, chunkText: (entry) => this.indexedChunkText(entry) },
      { vector, hash, ...(self ? { self } : {}) },
      k,
    );
  }

  /** The code of chunk `id` as indexed, or undefined for an unknown id. */
  readCode(id: string): CodeRead | undefined {
    const entry = this.catalog.chunk(id);
    if (!entry) return undefined;
    const text = this.indexedChunkText(entry);
    return { chunk: toChunk(entry, text ?? ''), text: text ?? '', changed: text === undefined };
  }

  /**
   * Writes pending changes to the store, atomically; does nothing when there
   * are none. The only writer: `refresh` and `rebuild` end with it, and
   * `indexSource` leaves it to the caller (once per review, not per file).
   * A process that ends without it leaves the previous store as it was.
   */
  save(): Promise<void> {
    return this.exclusive(() => this.saveNow());
  }

  stats(): IndexStatus {
    return {
      files: this.catalog.fileCount,
      chunks: this.catalog.chunkCount,
      embedder: this.embedder.id,
      dimensions: this.embedder.dimensions,
      storeDir: this.store.dir,
      ...this.opened,
    };
  }

  private async refreshNow(
    onProgress: ((done: number, total: number) => void) | undefined,
    exclude: ReadonlySet<string>,
    rebuilding = false,
  ): Promise<IndexStats> {
    const entries = await walkSourceFiles(this.root, this.maxFileBytes);
    const present = new Set<string>();
    let indexed = 0;
    let unchanged = 0;
    for (const [i, entry] of entries.entries()) {
      const outcome = exclude.has(entry.relPath) ? 'excluded' : await this.refreshFile(entry);
      if (outcome !== 'unreadable') present.add(entry.relPath);
      if (outcome === 'indexed') indexed++;
      if (outcome === 'unchanged') unchanged++;
      onProgress?.(i + 1, entries.length);
    }
    const gone = this.catalog.filePaths().filter((rel) => !present.has(rel) && !exclude.has(rel));
    for (const rel of gone) this.forgetFile(rel);
    // A rebuild that found nothing still replaces the previous store.
    if (rebuilding) this.dirty = true;
    await this.saveNow();
    return { indexed, removed: gone.length, unchanged, files: this.catalog.fileCount, chunks: this.catalog.chunkCount };
  }

  private async refreshFile(entry: SourceEntry): Promise<'indexed' | 'unchanged' | 'unreadable'> {
    const known = this.catalog.file(entry.relPath);
    if (known && known.size === entry.size && known.mtimeMs === entry.mtimeMs) return 'unchanged';
    const text = await readSourceText(entry.absPath);
    if (text === undefined) return 'unreadable';
    const hash = contentHash(text);
    if (known?.hash === hash) {
      this.catalog.touchFile(entry.relPath, entry.size, entry.mtimeMs);
      this.dirty = true;
      return 'unchanged';
    }
    await this.indexFile(entry.relPath, createSourceFile(entry.relPath, text, entry.language), hash, entry);
    return 'indexed';
  }

  /** Chunks and embeds `file`, then swaps its old chunks for the new ones. */
  private async indexFile(rel: string, file: SourceFile, hash: string, stat: SourceEntry | undefined): Promise<Chunk[]> {
    const tokenized = chunkFileWithTokens(file, rel, this.identity.chunking);
    // Embed before touching the index, so a failing embedder leaves the old entries in place.
    const inputs = tokenized.map((t) => ({ text: t.chunk.text, tokens: t.tokens }));
    const vectors = inputs.length === 0 ? [] : await this.embedder.embed(inputs);
    if (vectors.length !== tokenized.length || vectors.some((v) => v.length !== this.embedder.dimensions)) {
      throw new Error(`embedder ${this.embedder.id} returned malformed vectors for ${rel}`);
    }
    const records = tokenized.map((t) => toRecord(t, this.catalog.allocateLabel()));
    const record = { hash, size: stat?.size ?? -1, mtimeMs: stat?.mtimeMs ?? -1, chunks: records };
    for (const label of this.catalog.setFile(rel, record)) this.vectors.remove(label);
    records.forEach((chunk, i) => this.vectors.add(chunk.label, vectors[i]!));
    this.dirty = true;
    return tokenized.map((t) => t.chunk);
  }

  private forgetFile(rel: string): void {
    for (const label of this.catalog.removeFile(rel)) this.vectors.remove(label);
    this.dirty = true;
  }

  private async queryVector(query: SearchQuery): Promise<{ vector: Float32Array; hash: string; self?: Chunk }> {
    if ('chunk' in query) {
      const { chunk } = query;
      const indexed = this.catalog.chunk(chunk.id);
      // An indexed chunk with the same tokens already has its vector: no re-embedding.
      const stored = indexed?.record.hash === chunk.hash ? this.vectors.get(indexed.record.label) : undefined;
      if (stored) return { vector: stored, hash: chunk.hash, self: chunk };
      // Out of its file the chunk parses a little differently; close enough for a query.
      const tokens = declarationCore(normalizeSnippet(chunk.text, languageForPath(chunk.file) ?? 'typescript'));
      return { vector: await this.embedOne(chunk.text, tokens), hash: chunk.hash, self: chunk };
    }
    const tokens = declarationCore(normalizeSnippet(query.code, query.language));
    return { vector: await this.embedOne(query.code, tokens), hash: tokensHash(tokens) };
  }

  private async embedOne(text: string, tokens: readonly string[]): Promise<Float32Array> {
    const [vector] = await this.embedder.embed([{ text, tokens }]);
    if (vector?.length !== this.embedder.dimensions) throw new Error(`embedder ${this.embedder.id} returned a malformed vector`);
    return vector;
  }

  private indexedChunkText(entry: CatalogEntry): string | undefined {
    const hash = this.catalog.file(entry.file)?.hash;
    const text = hash === undefined ? undefined : this.texts.get(entry.file, hash);
    return text?.slice(entry.record.textStart, entry.record.textEnd);
  }

  private async saveNow(): Promise<void> {
    if (!this.dirty && this.persisted) return;
    await this.store.save(this.identity, this.catalog, this.vectors);
    this.dirty = false;
    this.persisted = true;
  }

  /** Runs mutations one at a time: refresh, indexSource and save share the catalog. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
