/**
 * @fileoverview The in-memory bookkeeping of an index: which files are
 * indexed with which content hash, their chunks, and the lookups search
 * needs (by id, by vector label, by normalised hash). Holds no code text,
 * so memory stays proportional to the number of chunks, not their size.
 */
import type { Chunk, ChunkKind, TokenizedChunk } from './chunks/index.js';

/** A chunk as persisted: everything but its text, plus its vector label. */
export interface ChunkRecord {
  readonly id: string;
  readonly symbol: string;
  readonly kind: ChunkKind;
  readonly startLine: number;
  readonly endLine: number;
  readonly hash: string;
  readonly tokenCount: number;
  /** UTF-16 offsets of the chunk text in the file text as indexed. */
  readonly textStart: number;
  readonly textEnd: number;
  readonly label: number;
  /** Its evidence term hashes, encoded (evidence/). */
  readonly evidence: string;
}

/** An indexed file: content hash, the stat used as a fast pre-check, its chunks. */
export interface FileRecord {
  readonly hash: string;
  /** Size and mtime when indexed; -1 when the indexed text was not the file on disk. */
  readonly size: number;
  readonly mtimeMs: number;
  readonly chunks: readonly ChunkRecord[];
}

/** Where a chunk lives. */
export interface CatalogEntry {
  readonly file: string;
  readonly record: ChunkRecord;
}

/** Files, chunks and their lookups; see the file overview. */
export class Catalog {
  private readonly files = new Map<string, FileRecord>();
  private readonly byId = new Map<string, CatalogEntry>();
  private readonly idByLabel = new Map<number, string>();
  private readonly idsByHash = new Map<string, Set<string>>();
  private labelCounter: number;

  constructor(files: Iterable<[string, FileRecord]> = [], nextLabel = 0) {
    this.labelCounter = nextLabel;
    // Stored files have distinct paths (the keys of meta.json's `files`).
    for (const [file, record] of files) this.addNewFile(file, record);
  }

  get fileCount(): number {
    return this.files.size;
  }

  get chunkCount(): number {
    return this.byId.size;
  }

  /** The next unused vector label (persisted so labels are never reused). */
  get nextLabel(): number {
    return this.labelCounter;
  }

  allocateLabel(): number {
    return this.labelCounter++;
  }

  file(relPath: string): FileRecord | undefined {
    return this.files.get(relPath);
  }

  filePaths(): string[] {
    return [...this.files.keys()];
  }

  /** Every file record, for persisting. */
  entries(): IterableIterator<[string, FileRecord]> {
    return this.files.entries();
  }

  /** Every vector label in use. */
  labels(): IterableIterator<number> {
    return this.idByLabel.keys();
  }

  /** Records `relPath` with its chunks, replacing what was there; returns the labels it freed. */
  setFile(relPath: string, record: FileRecord): number[] {
    this.checkUnique(relPath, record.chunks);
    const freed = this.removeFile(relPath);
    this.addNewFile(relPath, record);
    return freed;
  }

  /**
   * Records a file the catalog does not hold. Any id or label already taken
   * is a duplicate, so this checks as it goes, without `checkUnique`'s sets:
   * loading a store adds thousands of files. Throws midway for a duplicate,
   * so only for records checked before or a catalog being built.
   */
  private addNewFile(relPath: string, record: FileRecord): void {
    this.files.set(relPath, record);
    for (const chunk of record.chunks) {
      if (this.byId.has(chunk.id)) throw new Error(`duplicate chunk id "${chunk.id}"`);
      if (this.idByLabel.has(chunk.label)) throw new Error(`duplicate vector label ${chunk.label} (chunk "${chunk.id}")`);
      this.byId.set(chunk.id, { file: relPath, record: chunk });
      this.idByLabel.set(chunk.label, chunk.id);
      let ids = this.idsByHash.get(chunk.hash);
      if (!ids) this.idsByHash.set(chunk.hash, (ids = new Set()));
      ids.add(chunk.id);
      if (chunk.label >= this.labelCounter) this.labelCounter = chunk.label + 1;
    }
  }

  /** Throws before any change when an id or label is taken by another file or repeated. */
  private checkUnique(relPath: string, chunks: readonly ChunkRecord[]): void {
    const ids = new Set<string>();
    const labels = new Set<number>();
    for (const chunk of chunks) {
      const idOwner = this.byId.get(chunk.id)?.file;
      if (ids.has(chunk.id) || (idOwner !== undefined && idOwner !== relPath)) {
        throw new Error(`duplicate chunk id "${chunk.id}"`);
      }
      const labelOwner = this.chunkByLabel(chunk.label)?.file;
      if (labels.has(chunk.label) || (labelOwner !== undefined && labelOwner !== relPath)) {
        throw new Error(`duplicate vector label ${chunk.label} (chunk "${chunk.id}")`);
      }
      ids.add(chunk.id);
      labels.add(chunk.label);
    }
  }

  /** Updates the stat of an unchanged file so the next refresh can skip hashing it. */
  touchFile(relPath: string, size: number, mtimeMs: number): void {
    const record = this.files.get(relPath);
    if (record) this.files.set(relPath, { ...record, size, mtimeMs });
  }

  /** Forgets `relPath`; returns the vector labels of its chunks. */
  removeFile(relPath: string): number[] {
    const record = this.files.get(relPath);
    if (!record) return [];
    this.files.delete(relPath);
    for (const chunk of record.chunks) {
      this.byId.delete(chunk.id);
      this.idByLabel.delete(chunk.label);
      const ids = this.idsByHash.get(chunk.hash);
      ids?.delete(chunk.id);
      if (ids?.size === 0) this.idsByHash.delete(chunk.hash);
    }
    return record.chunks.map((c) => c.label);
  }

  chunk(id: string): CatalogEntry | undefined {
    return this.byId.get(id);
  }

  chunkByLabel(label: number): CatalogEntry | undefined {
    const id = this.idByLabel.get(label);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Chunks whose normalised token stream hashes to `hash`: exact copies. */
  sameHash(hash: string): CatalogEntry[] {
    return [...(this.idsByHash.get(hash) ?? [])].map((id) => this.byId.get(id)!);
  }
}

/** The persisted form of a chunk. */
export function toRecord({ chunk, evidence, textStart, textEnd }: Omit<TokenizedChunk, 'tokens'>, label: number): ChunkRecord {
  const { id, symbol, kind, startLine, endLine, hash, tokenCount } = chunk;
  return { id, symbol, kind, startLine, endLine, hash, tokenCount, textStart, textEnd, label, evidence };
}

/** A chunk rebuilt from its record and text. */
export function toChunk(entry: CatalogEntry, text: string): Chunk {
  const { id, symbol, kind, startLine, endLine, hash, tokenCount } = entry.record;
  return { id, file: entry.file, symbol, kind, startLine, endLine, text, hash, tokenCount };
}
