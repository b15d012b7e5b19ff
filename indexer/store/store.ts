/**
 * @fileoverview The persisted index: `meta.json` (format, embedders,
 * chunking settings, files and chunks with their vector labels) and the
 * vector files it names: the structural vectors (flat or HNSW, as the
 * metadata records; vector-kind.ts) and, when a semantic embedder is used,
 * the semantic ones (HNSW, for every chunk but the labels listed as
 * missing). The metadata carries its own checksum and each vector file's
 * size and SHA-256 (store-format.ts); a load checks them all before it
 * uses anything, so valid JSON changed after the save is damage too. Every
 * save writes fresh, uniquely named vector files and then replaces the
 * metadata by rename, so a crash at any point leaves the old
 * set or the new set, never a mix. Saves and deletions hold the store's lock
 * file (store-lock.ts), so concurrent writers take turns; a load that finds
 * the store replaced while it read it reads again instead of discarding it.
 * A store unreadable or built with another structural embedder or chunking
 * is discarded (the caller rebuilds); semantic vectors of another semantic
 * embedder, or unreadable ones, are dropped alone, with a notice. Beside
 * the index, the store keeps the last walk's record of the workspace's
 * folders (`walk.json`, walk-record.ts): a cache, replaced on its own and
 * ignored when unreadable. The store owns only the names it writes
 * (`meta.json`, `walk.json`, `vectors-<hex>.{hnsw,flat}`, `write.lock`,
 * `.review-guard-tmp-*`) and never touches anything else in its folder.
 * Every write and deletion goes through its folder opened from the
 * workspace root by workspace-write.ts, so a linked `.review-guard/` or
 * `index/` (a cloned repository can carry any link) is refused, not followed.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Catalog } from '../catalog.js';
import { HnswIndex, loadVectorIndex } from '../vectors/index.js';
import {
  incompatibility,
  isOwnFile,
  isTempFile,
  LOCK_FILE,
  META_FILE,
  readMetadata,
  semanticPlan,
  serializeMetadata,
  STALE_TEMP_MS,
  STORE_FORMAT_VERSION,
  VECTOR_FILE,
  WALK_FILE,
  type FileDigest,
  type Metadata,
  type StoreIdentity,
} from './format.js';
import { fileDigest, verifyFile } from './integrity.js';
import { withStoreLock, type StoreLockOptions } from './lock.js';
import type { MaintainedVectorIndex, VectorIndex, VectorKind } from '../vectors/index.js';
import { parseWalkRecord, serializeWalkRecord, type WalkRecord } from '../walk/index.js';
import { WorkspaceFolder } from '../../workspace/index.js';

export type { StoreIdentity } from './format.js';

/** The outcome of `IndexStore.load`. */
type StoreLoad =
  | {
      readonly status: 'loaded';
      readonly catalog: Catalog;
      readonly vectors: MaintainedVectorIndex;
      /** Semantic vectors, when the identity has a semantic embedder and the store matching ones. */
      readonly semantic?: HnswIndex;
      /** Why semantic vectors the identity asks for were not loaded. */
      readonly notice?: string;
    }
  | { readonly status: 'missing' }
  | { readonly status: 'discarded'; readonly reason: string };

/** Semantic vectors to save: the embedder they come from and the index (chunks it lacks are recorded as missing). */
interface SemanticVectors {
  readonly embedderId: string;
  readonly dimensions: number;
  readonly vectors: VectorIndex;
}

// Reads of a store that a writer keeps replacing, before it counts as corrupt.
const LOAD_ATTEMPTS = 10;

/** Reads and writes one index directory; see the file overview. */
export class IndexStore {
  constructor(
    readonly dir: string,
    private readonly lockOptions: StoreLockOptions = {},
    /**
     * The folder the store's writes are confined to (the workspace root):
     * every folder from it down to `dir` must be a real folder, never a link
     * (workspace-write.ts). Default: the folder holding `dir`.
     */
    private readonly root: string = path.dirname(dir),
  ) {}

  /** The lock file writers hold. */
  get lockFile(): string {
    return path.join(this.dir, LOCK_FILE);
  }

  /** Loads the store; never throws for a missing, corrupt or incompatible one (it is deleted). */
  async load(identity: StoreIdentity): Promise<StoreLoad> {
    for (let attempt = 1; ; attempt++) {
      let raw: string | undefined;
      try {
        raw = await readFile(path.join(this.dir, META_FILE), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
        return this.discard(undefined, `cannot read metadata: ${(error as Error).message}`);
      }
      const loaded = await this.parse(raw, identity);
      const replaced = async (): Promise<boolean> => attempt < LOAD_ATTEMPTS && (await this.readMeta()) !== raw;
      // A writer may have replaced the store (and deleted its vector files) while this read it.
      if (loaded.status === 'bad') {
        if (await replaced()) continue;
        return this.discard(raw, loaded.reason);
      }
      if (loaded.semanticFailed && (await replaced())) continue;
      return loaded.result;
    }
  }

  /**
   * Writes `catalog`, `vectors` and the semantic vectors, if any, atomically
   * (vector files first, metadata last), holding the lock. A save that fails
   * removes the files it wrote; the previous store stays as it was.
   */
  async save(identity: StoreIdentity, catalog: Catalog, vectors: VectorIndex, semantic?: SemanticVectors): Promise<void> {
    await this.inFolder(true, (folder) =>
      this.locked(folder, async () => {
        // Files this save creates; a save that fails (a full disk) removes them, so it leaves nothing behind.
        const created: string[] = [];
        try {
          await this.writeStore(folder, identity, catalog, vectors, semantic, created);
        } catch (error) {
          await Promise.all(created.map((file) => rm(file, { force: true })));
          throw error;
        }
      }),
    );
  }

  /** The body of `save`: vector files, then the metadata by rename (the commit point), then the leftovers. */
  private async writeStore(
    folder: WorkspaceFolder,
    identity: StoreIdentity,
    catalog: Catalog,
    vectors: VectorIndex,
    semantic: SemanticVectors | undefined,
    created: string[],
  ): Promise<void> {
    const { vectorFile, vectorDigest } = await this.writeVectors(folder, vectors, created);
    const semanticMeta = semantic && {
      id: semantic.embedderId,
      dimensions: semantic.dimensions,
      ...(await this.writeVectors(folder, semantic.vectors, created)),
      missing: [...catalog.labels()].filter((label) => !semantic.vectors.has(label)),
    };
    const meta: Metadata = {
      formatVersion: STORE_FORMAT_VERSION,
      embedder: { id: identity.embedderId, dimensions: identity.dimensions },
      chunking: { ...identity.chunking },
      vectorFile,
      vectorDigest,
      vectorKind: kindOf(vectors),
      ...(semanticMeta ? { semantic: semanticMeta } : {}),
      nextLabel: catalog.nextLabel,
      files: Object.fromEntries(catalog.entries()),
    };
    await folder.writeFile(META_FILE, serializeMetadata(meta));
    // Committed: from here on a failure must not remove what meta.json names.
    created.length = 0;
    await this.removeLeftovers(folder, new Set([vectorFile, ...(semanticMeta ? [semanticMeta.vectorFile] : [])]));
  }

  /** The walk record saved last, or undefined when there is none or it cannot be read. */
  async loadWalkRecord(): Promise<WalkRecord | undefined> {
    const text = await readFile(path.join(this.dir, WALK_FILE), 'utf8').catch(() => undefined);
    return text === undefined ? undefined : parseWalkRecord(text);
  }

  /**
   * Replaces the walk record, atomically but without the lock: it describes
   * the workspace, not the index, so any writer's record is a valid one.
   */
  async saveWalkRecord(record: WalkRecord): Promise<void> {
    await this.inFolder(false, (folder) => folder.writeFile(WALK_FILE, serializeWalkRecord(record)));
  }

  /** Whether the metadata file is there (a store can be deleted under a running service). */
  async hasMetadata(): Promise<boolean> {
    return stat(path.join(this.dir, META_FILE)).then(
      () => true,
      () => false,
    );
  }

  /** Deletes everything this store wrote (its metadata, vector and temp files), nothing else, holding the lock. */
  async clear(): Promise<void> {
    if ((await this.listOwnFiles(this.dir)).length === 0) return;
    await this.inFolder(false, (folder) => this.locked(folder, () => this.clearUnlocked(folder)));
  }

  private async clearUnlocked(folder: WorkspaceFolder): Promise<void> {
    for (const name of await this.listOwnFiles(folder.entry(''))) await rm(folder.entry(name), { force: true });
  }

  /**
   * Runs `task` with the store's folder opened for writing, reached from the
   * root without following links (created when `create`; when it is missing
   * otherwise, nothing runs). Every write of the store goes through it.
   */
  private async inFolder(create: boolean, task: (folder: WorkspaceFolder) => Promise<void>): Promise<void> {
    const folder = await WorkspaceFolder.open(this.root, path.relative(this.root, this.dir), { create });
    if (!folder) return;
    try {
      await task(folder);
    } finally {
      await folder.close();
    }
  }

  private async locked<T>(folder: WorkspaceFolder, task: () => Promise<T>): Promise<T> {
    return withStoreLock(folder.entry(LOCK_FILE), () => folder.tempFile(LOCK_FILE), task, this.lockOptions, this.lockFile);
  }

  /** The metadata text, or undefined when it cannot be read. */
  private async readMeta(): Promise<string | undefined> {
    return readFile(path.join(this.dir, META_FILE), 'utf8').catch(() => undefined);
  }

  private async parse(
    raw: string,
    identity: StoreIdentity,
  ): Promise<{ status: 'bad'; reason: string } | { status: 'ok'; result: StoreLoad; semanticFailed: boolean }> {
    let meta: Metadata;
    let catalog: Catalog;
    let vectors: MaintainedVectorIndex;
    try {
      const read = readMetadata(raw);
      if (read.status === 'outdated') return { status: 'bad', reason: read.reason };
      meta = read.meta;
      const mismatch = incompatibility(meta, identity);
      if (mismatch) return { status: 'bad', reason: mismatch };
      catalog = new Catalog(Object.entries(meta.files), meta.nextLabel);
      const vectorPath = path.join(this.dir, meta.vectorFile);
      const bytes = await verifyFile(vectorPath, meta.vectorDigest);
      // Labels are never reused, so the file's labels that the catalog lacks are deleted ones.
      vectors = await loadVectorIndex(meta.vectorKind, { path: vectorPath, bytes }, identity.dimensions, catalog.labels());
    } catch (error) {
      return { status: 'bad', reason: `corrupt store: ${(error as Error).message}` };
    }
    const plan = semanticPlan(meta, identity);
    const loaded = { status: 'loaded', catalog, vectors } as const;
    if (plan === 'none') return { status: 'ok', result: loaded, semanticFailed: false };
    if (plan !== 'load') return { status: 'ok', result: { ...loaded, notice: plan.notice }, semanticFailed: false };
    try {
      const missing = new Set(meta.semantic!.missing);
      const live = [...catalog.labels()].filter((label) => !missing.has(label));
      const semanticPath = path.join(this.dir, meta.semantic!.vectorFile);
      await verifyFile(semanticPath, meta.semantic!.vectorDigest);
      const semantic = await HnswIndex.load(semanticPath, meta.semantic!.dimensions, live);
      return { status: 'ok', result: { ...loaded, semantic }, semanticFailed: false };
    } catch (error) {
      const notice = `semantic vectors unreadable (${(error as Error).message}); they are embedded again at the next refresh`;
      return { status: 'ok', result: { ...loaded, notice }, semanticFailed: true };
    }
  }

  /**
   * Deletes the store judged unusable from metadata `raw`, unless a writer
   * replaced it meanwhile or holds the lock for too long: then its files stay.
   */
  private async discard(raw: string | undefined, reason: string): Promise<StoreLoad> {
    try {
      await this.inFolder(false, (folder) =>
        this.locked(folder, async () => {
          if ((await this.readMeta()) === raw) await this.clearUnlocked(folder);
        }),
      );
    } catch {
      // Not deleting is safe: the next save replaces the metadata.
    }
    return { status: 'discarded', reason };
  }

  /**
   * Writes `vectors` to a fresh vector file; returns its name and what a load
   * checks it against. The temp file is created exclusively first, since the
   * vector index writes by path.
   */
  private async writeVectors(folder: WorkspaceFolder, vectors: VectorIndex, created: string[]): Promise<{ vectorFile: string; vectorDigest: FileDigest }> {
    const vectorFile = `vectors-${randomBytes(8).toString('hex')}.${kindOf(vectors)}`;
    const vectorTemp = folder.tempFile(vectorFile);
    created.push(vectorTemp, folder.entry(vectorFile));
    await folder.reserve(vectorTemp);
    await vectors.save(vectorTemp);
    await syncFile(vectorTemp);
    // Taken from the disk: the digest covers exactly what a load reads back.
    const vectorDigest = await fileDigest(vectorTemp);
    await folder.verify();
    await rename(vectorTemp, folder.entry(vectorFile));
    return { vectorFile, vectorDigest };
  }

  /** Older vector files and temp files a crashed save left behind. */
  private async removeLeftovers(folder: WorkspaceFolder, current: ReadonlySet<string>): Promise<void> {
    const now = Date.now();
    for (const name of await this.listOwnFiles(folder.entry(''))) {
      const full = folder.entry(name);
      if (VECTOR_FILE.test(name) && !current.has(name)) await rm(full, { force: true });
      if (isTempFile(name) && now - (await mtimeOrNow(full)) > STALE_TEMP_MS) await rm(full, { force: true });
    }
  }

  private async listOwnFiles(dir: string): Promise<string[]> {
    try {
      return (await readdir(dir)).filter(isOwnFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}

/** The kind of file `vectors.save` writes: flat only from an index that says so. */
function kindOf(vectors: VectorIndex): VectorKind {
  return 'kind' in vectors && vectors.kind === 'flat' ? 'flat' : 'hnsw';
}

/** Flushes a file written by native code to disk before it is renamed into place. */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function mtimeOrNow(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return Date.now();
  }
}
