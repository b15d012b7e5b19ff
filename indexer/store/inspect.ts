/**
 * @fileoverview A read-only look at an index store, for health checks: what
 * `meta.json` records (embedders, chunking, files, chunks), how much the
 * store takes on disk and when it was last written, and whether it could
 * serve a given identity. Unlike `IndexStore.load` it never loads vectors
 * (it checks the metadata's checksum, not the vector files'), takes no lock
 * and never deletes a store it cannot use.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { incompatibility, isOwnFile, META_FILE, readMetadata, type StoreIdentity } from './format.js';

/** A file as the store last saw it (size and modification time when indexed). */
interface StoredFile {
  readonly size: number;
  readonly mtimeMs: number;
}

/** What `inspectStore` found. */
export type StoreSummary =
  | { readonly status: 'missing'; readonly dir: string }
  | { readonly status: 'unreadable'; readonly dir: string; readonly reason: string }
  | {
      readonly status: 'found';
      readonly dir: string;
      readonly files: ReadonlyMap<string, StoredFile>;
      readonly chunks: number;
      /** The store's own files (metadata, vectors, temp files) in bytes. */
      readonly bytes: number;
      /** When `meta.json` was last replaced, i.e. the last save. */
      readonly savedAt: Date;
      readonly embedder: { readonly id: string; readonly dimensions: number };
      readonly semantic?: { readonly id: string; readonly dimensions: number; readonly missing: number };
      /** Why the store cannot serve the identity asked about (it would be rebuilt), if it cannot. */
      readonly incompatible?: string;
    };

/** Summarises the store in `dir`; never throws for a missing or broken store. */
export async function inspectStore(dir: string, identity?: StoreIdentity): Promise<StoreSummary> {
  const metaPath = path.join(dir, META_FILE);
  let raw: string;
  let savedAt: Date;
  try {
    [raw, savedAt] = await Promise.all([readFile(metaPath, 'utf8'), stat(metaPath).then((s) => s.mtime)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing', dir };
    return { status: 'unreadable', dir, reason: `cannot read ${META_FILE}: ${(error as Error).message}` };
  }
  let read;
  try {
    read = readMetadata(raw);
  } catch (error) {
    return { status: 'unreadable', dir, reason: `corrupt ${META_FILE}: ${(error as Error).message}` };
  }
  // A store of another format version cannot be read as this one: the next load rebuilds it.
  if (read.status === 'outdated') return { status: 'unreadable', dir, reason: read.reason };
  const { meta } = read;
  const files = new Map<string, StoredFile>();
  let chunks = 0;
  for (const [file, record] of Object.entries(meta.files)) {
    files.set(file, { size: record.size, mtimeMs: record.mtimeMs });
    chunks += record.chunks.length;
  }
  const incompatible = identity && incompatibility(meta, identity);
  return {
    status: 'found',
    dir,
    files,
    chunks,
    bytes: await ownBytes(dir),
    savedAt,
    embedder: meta.embedder,
    ...(meta.semantic ? { semantic: { id: meta.semantic.id, dimensions: meta.semantic.dimensions, missing: meta.semantic.missing.length } } : {}),
    ...(incompatible ? { incompatible } : {}),
  };
}

/** Bytes of the names the store owns; anything else in its folder is not counted. */
async function ownBytes(dir: string): Promise<number> {
  const names = (await readdir(dir).catch(() => [])).filter(isOwnFile);
  const sizes = await Promise.all(names.map((n) => stat(path.join(dir, n)).then((s) => s.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}
