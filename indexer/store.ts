/**
 * @fileoverview The persisted index: `meta.json` (format, embedder, chunking
 * settings, files and chunks with their vector labels) and the HNSW file it
 * names. Every save writes a fresh, uniquely named vector file and then
 * replaces the metadata by rename, so a crash at any point leaves the old
 * pair or the new pair, never a mix. Anything unreadable or built with other
 * settings is discarded: the caller rebuilds. The store owns only the names
 * it writes (`meta.json`, `vectors-<hex>.hnsw`, `.review-guard-tmp-*`) and
 * never touches anything else in its folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { Catalog } from './catalog.js';
import { HnswIndex } from './hnsw-index.js';
import type { VectorIndex } from './vector-index.js';

/** Bump when the metadata layout changes; older stores are rebuilt. */
const STORE_FORMAT_VERSION = 1;

/** What an index was built with; a store built otherwise is discarded. */
export interface StoreIdentity {
  readonly embedderId: string;
  readonly dimensions: number;
  readonly chunking: { readonly minCodeLines: number; readonly minTokens: number };
}

/** The outcome of `IndexStore.load`. */
export type StoreLoad =
  | { readonly status: 'loaded'; readonly catalog: Catalog; readonly vectors: HnswIndex }
  | { readonly status: 'missing' }
  | { readonly status: 'discarded'; readonly reason: string };

// The store shares its folder with nothing by default, but the folder is configurable:
// it only ever lists, replaces or deletes the names below.
const META_FILE = 'meta.json';
const VECTOR_FILE = /^vectors-[0-9a-f]+\.hnsw$/;
// `${TEMP_PREFIX}${pid}-${random}-${final name}` while a save writes it.
const TEMP_PREFIX = '.review-guard-tmp-';
const TEMP_FILE = /^\.review-guard-tmp-\d+-[0-9a-f]+-(meta\.json|vectors-[0-9a-f]+\.hnsw)$/;
// Temp files of earlier versions: `${final name}.${pid}-${random}.tmp`.
const LEGACY_TEMP_FILE = /^(meta\.json|vectors-[0-9a-f]+\.hnsw)\.\d+-[0-9a-f]+\.tmp$/;
// Temp files older than this are leftovers of a crashed save, not a save in progress.
const STALE_TEMP_MS = 60 * 60 * 1000;

const positiveInt = z.number().int().positive();
const nonNegativeInt = z.number().int().nonnegative();
const chunkSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  kind: z.enum(['function', 'method', 'class']),
  startLine: positiveInt,
  endLine: positiveInt,
  hash: z.string().min(1),
  tokenCount: nonNegativeInt,
  textStart: nonNegativeInt,
  textEnd: nonNegativeInt,
  label: nonNegativeInt,
});
const metadataSchema = z.object({
  formatVersion: z.number(),
  embedder: z.object({ id: z.string(), dimensions: positiveInt }),
  chunking: z.object({ minCodeLines: nonNegativeInt, minTokens: nonNegativeInt }),
  vectorFile: z.string().regex(VECTOR_FILE),
  nextLabel: nonNegativeInt,
  files: z.record(
    z.string(),
    z.object({ hash: z.string().min(1), size: z.number(), mtimeMs: z.number(), chunks: z.array(chunkSchema).readonly() }),
  ),
});
type Metadata = z.infer<typeof metadataSchema>;

/** Reads and writes one index directory; see the file overview. */
export class IndexStore {
  constructor(readonly dir: string) {}

  /** Loads the store; never throws for a missing, corrupt or incompatible one (it is deleted). */
  async load(identity: StoreIdentity): Promise<StoreLoad> {
    let raw: string;
    try {
      raw = await readFile(path.join(this.dir, META_FILE), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      return this.discard(`cannot read metadata: ${(error as Error).message}`);
    }
    try {
      const meta = metadataSchema.parse(JSON.parse(raw));
      const mismatch = incompatibility(meta, identity);
      if (mismatch) return this.discard(mismatch);
      const catalog = new Catalog(Object.entries(meta.files), meta.nextLabel);
      // Labels are never reused, so the file's labels that the catalog lacks are deleted ones.
      const vectors = await HnswIndex.load(path.join(this.dir, meta.vectorFile), identity.dimensions, catalog.labels());
      return { status: 'loaded', catalog, vectors };
    } catch (error) {
      return this.discard(`corrupt store: ${(error as Error).message}`);
    }
  }

  /** Writes `catalog` and `vectors` atomically (vector file first, metadata last). */
  async save(identity: StoreIdentity, catalog: Catalog, vectors: VectorIndex): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const vectorFile = `vectors-${randomBytes(8).toString('hex')}.hnsw`;
    const vectorTemp = this.tempPath(vectorFile);
    await vectors.save(vectorTemp);
    await syncFile(vectorTemp);
    await rename(vectorTemp, path.join(this.dir, vectorFile));
    const meta: Metadata = {
      formatVersion: STORE_FORMAT_VERSION,
      embedder: { id: identity.embedderId, dimensions: identity.dimensions },
      chunking: { ...identity.chunking },
      vectorFile,
      nextLabel: catalog.nextLabel,
      files: Object.fromEntries(catalog.entries()),
    };
    await this.writeAtomically(META_FILE, JSON.stringify(meta));
    await this.removeLeftovers(vectorFile);
  }

  /** Deletes everything this store wrote (its metadata, vector and temp files), nothing else. */
  async clear(): Promise<void> {
    for (const name of await this.listOwnFiles()) await rm(path.join(this.dir, name), { force: true });
  }

  private async discard(reason: string): Promise<StoreLoad> {
    await this.clear();
    return { status: 'discarded', reason };
  }

  private async writeAtomically(name: string, content: string): Promise<void> {
    const temp = this.tempPath(name);
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path.join(this.dir, name));
  }

  private tempPath(name: string): string {
    return path.join(this.dir, `${TEMP_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}-${name}`);
  }

  /** Older vector files and temp files a crashed save left behind. */
  private async removeLeftovers(currentVectorFile: string): Promise<void> {
    const now = Date.now();
    for (const name of await this.listOwnFiles()) {
      const full = path.join(this.dir, name);
      if (VECTOR_FILE.test(name) && name !== currentVectorFile) await rm(full, { force: true });
      if (isTempFile(name) && now - (await mtimeOrNow(full)) > STALE_TEMP_MS) await rm(full, { force: true });
    }
  }

  private async listOwnFiles(): Promise<string[]> {
    try {
      const names = await readdir(this.dir);
      return names.filter((n) => n === META_FILE || VECTOR_FILE.test(n) || isTempFile(n));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}

function isTempFile(name: string): boolean {
  return TEMP_FILE.test(name) || LEGACY_TEMP_FILE.test(name);
}

function incompatibility(meta: Metadata, identity: StoreIdentity): string | undefined {
  if (meta.formatVersion !== STORE_FORMAT_VERSION) {
    return `store format ${meta.formatVersion}, expected ${STORE_FORMAT_VERSION}`;
  }
  if (meta.embedder.id !== identity.embedderId || meta.embedder.dimensions !== identity.dimensions) {
    const was = `${meta.embedder.id}/${meta.embedder.dimensions}`;
    return `built with embedder ${was}, now ${identity.embedderId}/${identity.dimensions}`;
  }
  const { minCodeLines, minTokens } = identity.chunking;
  if (meta.chunking.minCodeLines !== minCodeLines || meta.chunking.minTokens !== minTokens) {
    return 'built with other chunking options';
  }
  return undefined;
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
