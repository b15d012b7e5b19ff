/**
 * @fileoverview The similarity index of a workspace: keeps chunks of every
 * selected source file embedded in a vector index (and, with a semantic
 * embedder, in a second one; see semantic-signal.ts), persisted under
 * `<root>/.review-guard/index/`, refreshed incrementally by content hash,
 * and answers "what code looks like this?". Only `save` writes the store
 * (`refresh` and `rebuild` end with it), under the store's writer lock;
 * `indexSource` changes memory only, so a review that indexes several files
 * writes the store once. Before a save, a vector index with many deleted
 * slots is compacted from its live vectors. With `watch`, a refresh
 * re-checks only the paths changed since the last one (workspace-watch.ts
 * states the staleness guarantee) instead of walking the workspace.
 */
import type { SourceFile } from '../syntax/index.js';
import { prepareJob, startPool, type PoolOutcome } from './build-pool.js';
import { evidenceCandidates, rankCandidates, type Candidate, type EvidenceCandidate } from './candidates.js';
import { EvidenceSignal } from './evidence/index.js';
import { Catalog, toChunk, toRecord, type CatalogEntry } from './catalog.js';
import { chunkFile, type Chunk } from './chunks/index.js';
import type { CodeIndexOptions, CodeRead, FileStat, IndexStats, IndexStatus, RefreshOptions, SearchQuery } from './code-index-types.js';
import { WorkspaceScanner, toWorkspacePath, type SourceEntry, hasGeneratedMarker, PathFilter } from './walk/index.js';
import { contentHash } from './hash.js';
import { HnswIndex, rankingInput, type QuerySources, SemanticCall, SemanticSignal, createVectorIndex, fitted, flatFallbackNotice, type MaintainedVectorIndex } from './vectors/index.js';
import { resolveIndexSettings, type IndexSettings } from './index-settings.js';
import { IndexedTexts } from './indexed-text.js';
import { Notices } from './notices.js';
import { chunkAndEmbed, prepareOrLeaveOut, type ChunkedFile, type PrepareJob } from './prepare-file.js';
import { ProgressReporter } from './progress.js';
import { IndexStore } from './store/index.js';

export type { CodeIndexOptions, FileStat, IndexStats, IndexStatus } from './code-index-types.js';

/** See the file overview. The review pipeline calls exactly these methods. */
export class CodeIndex {
  private readonly texts: IndexedTexts;
  private readonly evidence = new EvidenceSignal();
  private queue: Promise<unknown> = Promise.resolve();
  private dirty = false;
  /** Whether the store on disk matches the catalog as of the last save. */
  private persisted: boolean;
  /** Whether the selection takes a file; renewed by each refresh, which may follow ignore-file edits. */
  private selects: (relPath: string) => Promise<boolean>;
  private flatFallbackNoticed = false;

  private constructor(
    private readonly settings: IndexSettings,
    private readonly store: IndexStore,
    private catalog: Catalog,
    private vectors: MaintainedVectorIndex,
    private semantic: SemanticSignal | undefined,
    private readonly notices: Notices,
    private readonly opened: Pick<IndexStatus, 'openedFrom' | 'discardReason'>,
    private readonly scanner: WorkspaceScanner,
  ) {
    this.texts = new IndexedTexts(settings.root, settings.maxFileBytes);
    this.persisted = opened.openedFrom === 'store';
    this.selects = PathFilter.checker(settings.root, settings.selection);
  }

  /** Opens the persisted index, or an empty one when it is missing, corrupt or incompatible (with a notice). */
  static async open(options: CodeIndexOptions): Promise<CodeIndex> {
    const settings = resolveIndexSettings(options);
    const { semantic, identity, embedder } = settings;
    const store = new IndexStore(settings.storeDir, options.lock, settings.storeRoot);
    const notices = new Notices();
    const [loaded, walkRecord] = await Promise.all([store.load(identity), store.loadWalkRecord()]);
    const scanner = new WorkspaceScanner(settings.root, settings.watch, walkRecord);
    if (loaded.status === 'loaded') {
      if (loaded.notice) notices.add(loaded.notice);
      const signal = semantic && (loaded.semantic ? new SemanticSignal(semantic, loaded.semantic, notices) : SemanticSignal.empty(semantic, notices));
      return new CodeIndex(settings, store, loaded.catalog, loaded.vectors, signal, notices, { openedFrom: 'store' }, scanner);
    }
    const opened = loaded.status === 'missing' ? { openedFrom: 'empty' as const } : { openedFrom: 'discarded' as const, discardReason: loaded.reason };
    if (opened.discardReason) notices.add(`index store discarded (${opened.discardReason}); it is rebuilt at the next refresh`);
    const signal = semantic && SemanticSignal.empty(semantic, notices);
    return new CodeIndex(settings, store, new Catalog(), createVectorIndex(embedder.dimensions), signal, notices, opened, scanner);
  }

  /**
   * Re-indexes files whose content changed, drops deleted or no longer
   * selected ones, embeds semantic vectors that are missing, then saves
   * (when anything changed). Files in `exclude` are left as they are.
   * A bare callback is taken as `{ onProgress }`.
   */
  refresh(options: RefreshOptions | ((done: number, total: number) => void) = {}): Promise<IndexStats> {
    const resolved: RefreshOptions = typeof options === 'function' ? { onProgress: options } : options;
    return this.exclusive(() => this.refreshNow(resolved, new Set([...(resolved.exclude ?? [])].map(toWorkspacePath))));
  }

  /** Builds the index again and saves it; the previous store (and, if the build fails, index) stays until then. */
  rebuild(options: Pick<RefreshOptions, 'onProgress' | 'progressIntervalMs'> = {}): Promise<IndexStats> {
    return this.exclusive(async () => {
      const previous = { catalog: this.catalog, vectors: this.vectors, semantic: this.semantic?.vectors, dirty: this.dirty };
      this.catalog = new Catalog();
      this.evidence.reset();
      this.vectors = createVectorIndex(this.settings.embedder.dimensions);
      if (this.semantic) this.semantic.vectors = HnswIndex.create(this.semantic.embedder.dimensions);
      try {
        return await this.refreshNow(options, new Set(), true);
      } catch (error) {
        ({ catalog: this.catalog, vectors: this.vectors, dirty: this.dirty } = previous);
        this.evidence.reset();
        if (this.semantic && previous.semantic) this.semantic.vectors = previous.semantic;
        throw error;
      }
    });
  }

  /**
   * (Re)indexes one file from a parse the caller already has and returns its
   * chunks; unchanged content is not re-embedded. A file the index does not
   * select (ignored, excluded, generated) is chunked but not indexed, and
   * dropped from the index if it was in it. Only in memory: nothing is
   * written until `save` (or the next `refresh` or `rebuild`). `onDisk` is
   * the file's stat when `file.text` was read from disk: refresh then skips
   * the file until it changes. Without it (a staged blob, unsaved text) the
   * next refresh reads the file again.
   */
  indexSource(relPath: string, file: SourceFile, onDisk?: FileStat): Promise<Chunk[]> {
    return this.exclusive(async () => {
      const rel = toWorkspacePath(relPath);
      const { identity } = this.settings;
      if (hasGeneratedMarker(file.text) || !(await this.selects(rel))) {
        if (this.catalog.file(rel)) this.forgetFile(rel);
        return chunkFile(file, rel, identity.chunking);
      }
      const hash = contentHash(file.text);
      this.texts.remember(rel, hash, file.text);
      if (this.catalog.file(rel)?.hash === hash) return chunkFile(file, rel, identity.chunking);
      return this.indexFile(rel, file, hash, onDisk, new SemanticCall());
    });
  }

  /**
   * The k chunks most similar to the query, best first: by structural score,
   * or with a semantic embedder by fusion of both rankings (falling back to
   * the structural one, with a notice, when the semantic embedder fails).
   * Never the query chunk itself nor chunks overlapping it in its file (its
   * class, its methods); exact normalised copies score 1; chunks whose
   * indexed text can no longer be read back (their file changed since) are
   * left out until the next refresh.
   */
  async search(query: SearchQuery, k: number): Promise<Candidate[]> {
    if (k <= 0 || this.catalog.chunkCount === 0) return [];
    const ranking = await rankingInput(this.querySources(), this.semantic, query);
    return rankCandidates(ranking.sources, ranking.query, k);
  }

  /**
   * The k chunks that share the most rare evidence with `chunk` (what it
   * calls, reads, names and spells; see evidence/), best first by
   * `Candidate.evidence`: the search that finds code written again rather
   * than copied. Excludes what `search` excludes.
   */
  searchEvidence(chunk: Chunk, k: number): EvidenceCandidate[] {
    if (k <= 0 || this.catalog.chunkCount === 0) return [];
    return evidenceCandidates(this.evidence.search(this.catalog, chunk, k), this.querySources(), chunk);
  }

  /** The rarity weight of an evidence term in this index (0 for one every chunk has). */
  evidenceWeight(term: string): number {
    return this.evidence.weigh(this.catalog, term);
  }

  /** Whether the index holds a chunk named `symbol` in `relPath`. */
  hasSymbol(relPath: string, symbol: string): boolean {
    return this.catalog.file(relPath)?.chunks.some((chunk) => chunk.symbol === symbol) ?? false;
  }

  /** The code of chunk `id` as indexed, or undefined for an unknown id. */
  readCode(id: string): CodeRead | undefined {
    const entry = this.catalog.chunk(id);
    if (!entry) return undefined;
    const text = this.indexedChunkText(entry);
    return { chunk: toChunk(entry, text ?? ''), text: text ?? '', changed: text === undefined };
  }

  /**
   * Writes pending changes to the store, atomically and holding the store's
   * writer lock; does nothing when there are none. The only writer: `refresh`
   * and `rebuild` end with it, and `indexSource` leaves it to the caller
   * (once per review, not per file). A process that ends without it leaves
   * the previous store as it was. Throws `StoreLockedError` when another
   * writer holds the lock for longer than `lock.timeoutMs`.
   */
  save(): Promise<void> {
    return this.exclusive(() => this.saveNow());
  }

  /** Size, embedders and notices; see `IndexStatus`. */
  stats(): IndexStatus {
    const { embedder } = this.settings;
    const s = this.semantic;
    return {
      files: this.catalog.fileCount,
      chunks: this.catalog.chunkCount,
      embedder: embedder.id,
      dimensions: embedder.dimensions,
      ...(s ? { semantic: { embedder: s.embedder.id, dimensions: s.embedder.dimensions, vectors: s.vectors.size } } : {}),
      storeDir: this.store.dir,
      ...this.opened,
      notices: this.notices.list(),
      noticeCount: this.notices.total,
    };
  }

  private async refreshNow(options: RefreshOptions, exclude: ReadonlySet<string>, rebuilding = false): Promise<IndexStats> {
    const { root, maxFileBytes, selection } = this.settings;
    this.selects = PathFilter.checker(root, selection);
    const context = { root, maxFileBytes, selection, catalog: this.catalog, selects: this.selects };
    const scope = await this.scanner.scope(context, rebuilding);
    const progress = new ProgressReporter(options.onProgress, scope.entries.length, options.progressIntervalMs);
    const call = new SemanticCall();
    const present = new Set<string>();
    const counts = { indexed: 0, unchanged: 0, skipped: 0, excluded: 0 };
    const reading = scope.entries.filter((entry) => !exclude.has(entry.relPath) && this.needsReading(entry));
    const pooled = startPool(this.settings, reading.map((entry) => this.jobFor(entry)));
    try {
      for (const [i, entry] of scope.entries.entries()) {
        const outcome = exclude.has(entry.relPath) ? 'excluded' : await this.refreshFile(entry, call, pooled);
        if (outcome !== 'skipped') present.add(entry.relPath);
        counts[outcome]++;
        progress.update(i + 1);
      }
    } finally {
      await pooled?.return();
    }
    progress.finish();
    // Watched, only the changed paths can be gone; walked, whatever the walk did not find.
    const candidates = scope.kind === 'files' ? [...scope.gone, ...scope.entries.map((e) => e.relPath)] : this.catalog.filePaths();
    const gone = candidates.filter((rel) => !present.has(rel) && !exclude.has(rel) && this.catalog.file(rel));
    for (const rel of gone) this.forgetFile(rel);
    const backfilled = this.semantic ? await this.semantic.backfill(call, this.catalog, (entry) => this.indexedChunkText(entry)) : 0;
    // A rebuild that found nothing still replaces the previous store.
    if (backfilled > 0 || rebuilding) this.dirty = true;
    if (options.persist !== false || rebuilding) await this.saveNow();
    // Watched, the files no event named are unchanged too: counted as a walk counts them, so both report alike.
    const unchanged = scope.kind === 'files' ? this.catalog.fileCount - counts.indexed - [...exclude].filter((rel) => this.catalog.file(rel)).length : counts.unchanged;
    return { indexed: counts.indexed, removed: gone.length, unchanged, files: this.catalog.fileCount, chunks: this.catalog.chunkCount };
  }

  /** Stops watching the workspace (with `watch`); the index stays usable and walks on each refresh. */
  close(): void {
    this.scanner.close();
  }

  /** Whether a file's size or modification time differs from what the index recorded (or it is new). */
  private needsReading(entry: SourceEntry): boolean {
    const known = this.catalog.file(entry.relPath);
    return !(known && known.size === entry.size && known.mtimeMs === entry.mtimeMs);
  }

  private jobFor(entry: SourceEntry): PrepareJob {
    return prepareJob(this.settings, entry, this.catalog.file(entry.relPath)?.hash);
  }

  /**
   * `skipped`: unreadable, or generated (a marker in its first lines). With
   * `pooled`, the file's prepared outcome is the pool's next one (the pool
   * got the files that need reading, in walk order).
   */
  private async refreshFile(
    entry: SourceEntry,
    call: SemanticCall,
    pooled?: AsyncGenerator<PoolOutcome, void, undefined>,
  ): Promise<'indexed' | 'unchanged' | 'skipped'> {
    if (!this.needsReading(entry)) return 'unchanged';
    let prepared = pooled && (await pooled.next()).value;
    if (!prepared || prepared.kind === 'failed') prepared = await prepareOrLeaveOut(this.jobFor(entry), this.settings, this.notices);
    switch (prepared.kind) {
      case 'skipped':
        return 'skipped';
      case 'same':
        this.catalog.touchFile(entry.relPath, entry.size, entry.mtimeMs);
        this.dirty = true;
        return 'unchanged';
      case 'chunked':
        await this.applyChunked(entry.relPath, prepared, entry, call);
        return 'indexed';
    }
  }

  /** Chunks and embeds a parsed file, then swaps its old chunks for the new ones. */
  private async indexFile(rel: string, file: SourceFile, hash: string, stat: FileStat | undefined, call: SemanticCall): Promise<Chunk[]> {
    const { embedder, identity } = this.settings;
    // Embedded before touching the index, so a failing embedder leaves the old entries in place.
    return this.applyChunked(rel, await chunkAndEmbed(file, rel, hash, identity.chunking, embedder), stat, call);
  }

  /** Swaps a file's old chunks for the prepared ones, once its semantic vectors (if any) are made. */
  private async applyChunked(rel: string, prepared: ChunkedFile, stat: FileStat | undefined, call: SemanticCall): Promise<Chunk[]> {
    const { chunks, vectors } = prepared;
    const semanticVectors = await this.semantic?.embed(call, chunks.map((c) => c.chunk.text), `indexing ${rel}`);
    const records = chunks.map((c) => toRecord(c, this.catalog.allocateLabel()));
    const record = { hash: prepared.hash, size: stat?.size ?? -1, mtimeMs: stat?.mtimeMs ?? -1, chunks: records };
    this.dropLabels(this.catalog.setFile(rel, record));
    records.forEach((chunk, i) => this.vectors.add(chunk.label, vectors[i]!));
    this.evidence.added(records);
    if (semanticVectors) this.semantic?.addAll(records.map((chunk) => chunk.label), semanticVectors);
    this.dirty = true;
    return chunks.map((c) => c.chunk);
  }

  private forgetFile(rel: string): void {
    this.dropLabels(this.catalog.removeFile(rel));
    this.dirty = true;
  }

  private dropLabels(labels: readonly number[]): void {
    this.vectors.removeAll(labels);
    this.semantic?.vectors.removeAll(labels);
    this.evidence.dropped(labels);
  }

  private querySources(): QuerySources {
    return { catalog: this.catalog, vectors: this.vectors, embedder: this.settings.embedder, chunkText: (e) => this.indexedChunkText(e) };
  }

  private indexedChunkText(entry: CatalogEntry): string | undefined {
    const hash = this.catalog.file(entry.file)?.hash;
    const text = hash === undefined ? undefined : this.texts.get(entry.file, hash);
    return text?.slice(entry.record.textStart, entry.record.textEnd);
  }

  private async saveNow(): Promise<void> {
    // A store deleted under a running service is written again, not left missing until the next change.
    if (this.dirty || !this.persisted || !(await this.store.hasMetadata())) {
      this.vectors = fitted(this.vectors);
      this.noticeFlatFallback();
      const { semantic } = this;
      if (semantic?.vectors.needsCompaction) semantic.vectors = semantic.vectors.compacted();
      const semanticVectors = semantic && { embedderId: semantic.embedder.id, dimensions: semantic.embedder.dimensions, vectors: semantic.vectors };
      await this.store.save(this.settings.identity, this.catalog, this.vectors, semanticVectors);
      this.dirty = false;
      this.persisted = true;
    }
    await this.scanner.saveRecord(this.store);
  }

  /** Tells once per index that a large one stays flat for want of hnswlib-node. */
  private noticeFlatFallback(): void {
    if (this.flatFallbackNoticed) return;
    const notice = flatFallbackNotice(this.vectors);
    if (!notice) return;
    this.notices.add(notice);
    this.flatFallbackNoticed = true;
  }

  /** Runs mutations one at a time: refresh, indexSource and save share the catalog. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
