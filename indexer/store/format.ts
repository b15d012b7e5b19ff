/**
 * @fileoverview The on-disk format of an index store: the metadata schema,
 * its checksums, the names the store owns in its folder, and which stored
 * settings make a store unusable for an identity (discarded) or only its
 * semantic vectors (dropped and embedded again).
 *
 * Integrity (format 2): `meta.json` ends with `"checksum"`, the SHA-256 of
 * the metadata text before it, and records each vector file's size and
 * SHA-256 (`vectorDigest`), checked at every load. Valid JSON that was
 * changed after the save (one digit of a file hash makes the index skip
 * that file's chunks, silently and for good) is damage like a cut file:
 * the store is discarded and rebuilt.
 */
import type { FileRecord } from '../catalog.js';
import { integrityHash } from '../hash.js';

/** Bump when the metadata layout changes; older stores are rebuilt. 2: checksums; 3: evidence terms per chunk. */
export const STORE_FORMAT_VERSION = 3;

/** What an index was built with; a store built otherwise is discarded. */
export interface StoreIdentity {
  readonly embedderId: string;
  readonly dimensions: number;
  readonly chunking: { readonly minCodeLines: number; readonly minTokens: number };
  /** The semantic embedder, when one is used. */
  readonly semantic?: { readonly embedderId: string; readonly dimensions: number };
}

// The store shares its folder with nothing by default, but the folder is configurable:
// it only ever lists, replaces or deletes the names below.
export const META_FILE = 'meta.json';
export const LOCK_FILE = 'write.lock';
// What the last walk of the workspace saw (walk-record.ts): a cache, written on its own.
export const WALK_FILE = 'walk.json';
// `.hnsw`: an HNSW graph (hnsw-index.ts); `.flat`: a flat vector file (flat-index.ts).
export const VECTOR_FILE = /^vectors-[0-9a-f]+\.(hnsw|flat)$/;
// Temp files (workspace-write.ts names them): `.review-guard-tmp-${pid}-${random}-${final name}` while a save writes it (or a stale lock is moved aside).
const TEMP_FILE = /^\.review-guard-tmp-\d+-[0-9a-f]+-(meta\.json|walk\.json|write\.lock|vectors-[0-9a-f]+\.(hnsw|flat))$/;
// Temp files of earlier versions: `${final name}.${pid}-${random}.tmp`.
const LEGACY_TEMP_FILE = /^(meta\.json|vectors-[0-9a-f]+\.hnsw)\.\d+-[0-9a-f]+\.tmp$/;
// Temp files older than this are leftovers of a crashed save, not a save in progress.
export const STALE_TEMP_MS = 60 * 60 * 1000;

/** A vector file's size and SHA-256, recorded when it was saved. */
export interface FileDigest {
  readonly bytes: number;
  readonly sha256: string;
}

/** The parsed `meta.json` (without its own checksum). */
export interface Metadata {
  readonly formatVersion: number;
  readonly embedder: { readonly id: string; readonly dimensions: number };
  readonly chunking: { readonly minCodeLines: number; readonly minTokens: number };
  readonly vectorFile: string;
  readonly vectorDigest: FileDigest;
  /** The index kind that wrote `vectorFile`. */
  readonly vectorKind: 'flat' | 'hnsw';
  readonly semantic?: {
    readonly id: string;
    readonly dimensions: number;
    readonly vectorFile: string;
    readonly vectorDigest: FileDigest;
    /** Labels of chunks without a semantic vector (not embedded yet). */
    readonly missing: readonly number[];
  };
  readonly nextLabel: number;
  readonly files: Readonly<Record<string, FileRecord>>;
}

// The checksum is the last field, so the text before it is exactly what was hashed.
const CHECKSUM_KEY = ',"checksum":"';
const CHECKSUM_TAIL = /^,"checksum":"[0-9a-f]{64}"\}$/;

/** `meta.json`'s text for `meta`: its JSON with the SHA-256 of that JSON appended as the last field. */
export function serializeMetadata(meta: Metadata): string {
  const body = JSON.stringify(meta);
  return `${body.slice(0, -1)}${CHECKSUM_KEY}${integrityHash(body)}"}`;
}

/** `readMetadata`'s answer: the metadata, or why a store of another format version is rebuilt. */
export type MetadataRead = { readonly status: 'ok'; readonly meta: Metadata } | { readonly status: 'outdated'; readonly reason: string };

/**
 * `meta.json`'s text checked: JSON, this format version (another one is
 * `outdated`, not damage), the checksum, then the fields. Throws for
 * damage; the store is then discarded and rebuilt.
 */
export function readMetadata(raw: string): MetadataRead {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // Named, not quoted: JSON.parse's message quotes the text, and a meta.json may be a link to some other file.
    throw new Error(`${META_FILE} is not valid JSON`);
  }
  const version = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).formatVersion : undefined;
  if (typeof version !== 'number') throw new Error('malformed metadata: formatVersion');
  if (version !== STORE_FORMAT_VERSION) return { status: 'outdated', reason: `store format ${version}, expected ${STORE_FORMAT_VERSION}` };
  const at = raw.lastIndexOf(CHECKSUM_KEY);
  if (at === -1 || !CHECKSUM_TAIL.test(raw.slice(at))) throw new Error('metadata without its checksum');
  if (integrityHash(`${raw.slice(0, at)}}`) !== raw.slice(at + CHECKSUM_KEY.length, -2)) {
    throw new Error('metadata does not match its checksum (changed or damaged after it was saved)');
  }
  const { checksum: _checksum, ...meta } = value as Record<string, unknown>;
  return { status: 'ok', meta: parseMetadata(meta) };
}

/**
 * The metadata's fields checked, throwing for anything else. By plain type
 * tests rather than a zod schema: the store is review-guard's own file,
 * read at the start of every CLI run, and zod took ~90 ms per load to check
 * a 5,000-chunk store (and ~7 ms just to build the header's schema); these
 * tests take a few.
 */
function parseMetadata(value: unknown): Metadata {
  const problem = headerProblem(value);
  if (problem) throw new Error(`malformed metadata: ${problem}`);
  const meta = value as Metadata;
  for (const [file, record] of Object.entries(meta.files)) {
    if (!isFileRecord(record)) throw new Error(`malformed metadata for file ${JSON.stringify(file)}`);
  }
  return meta;
}

/** What is wrong with the metadata's fields other than the file records, if anything. */
function headerProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const m = value as Record<string, unknown>;
  const embedder = (m.embedder ?? {}) as Record<string, unknown>;
  const chunking = (m.chunking ?? {}) as Record<string, unknown>;
  if (typeof m.formatVersion !== 'number') return 'formatVersion';
  if (typeof embedder.id !== 'string' || !isPositive(embedder.dimensions)) return 'embedder';
  if (!isCount(chunking.minCodeLines) || !isCount(chunking.minTokens)) return 'chunking';
  if (!isVectorFile(m.vectorFile)) return 'vectorFile';
  if (!isDigest(m.vectorDigest)) return 'vectorDigest';
  if (m.vectorKind !== 'flat' && m.vectorKind !== 'hnsw') return 'vectorKind';
  if (m.semantic !== undefined) {
    const s = (m.semantic ?? {}) as Record<string, unknown>;
    if (typeof s.id !== 'string' || !isPositive(s.dimensions) || !isVectorFile(s.vectorFile) || !isDigest(s.vectorDigest)) return 'semantic';
    if (!Array.isArray(s.missing) || !s.missing.every(isCount)) return 'semantic.missing';
  }
  if (!isCount(m.nextLabel)) return 'nextLabel';
  if (typeof m.files !== 'object' || m.files === null || Array.isArray(m.files)) return 'files';
  return undefined;
}

const CHUNK_KINDS: ReadonlySet<unknown> = new Set(['function', 'method', 'class']);
const isCount = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0;
const isPositive = (v: unknown): boolean => Number.isInteger(v) && (v as number) > 0;
const isVectorFile = (v: unknown): boolean => typeof v === 'string' && VECTOR_FILE.test(v);
const isText = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const isDigest = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && isCount((v as FileDigest).bytes) && SHA256_HEX.test(String((v as FileDigest).sha256));

function isFileRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return isText(r.hash) && typeof r.size === 'number' && typeof r.mtimeMs === 'number' && Array.isArray(r.chunks) && r.chunks.every(isChunkRecord);
}

function isChunkRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    isText(c.id) && isText(c.symbol) && isText(c.hash) && CHUNK_KINDS.has(c.kind) &&
    isCount(c.startLine) && (c.startLine as number) > 0 && isCount(c.endLine) && (c.endLine as number) > 0 &&
    isCount(c.tokenCount) && isCount(c.textStart) && isCount(c.textEnd) && isCount(c.label) && typeof c.evidence === 'string'
  );
}

/** Whether `name` is a temp file of a save (this version's or an earlier one's). */
export function isTempFile(name: string): boolean {
  return TEMP_FILE.test(name) || LEGACY_TEMP_FILE.test(name);
}

/** Whether the store owns `name` in its folder: its metadata, walk record, vector and temp files (not the lock). */
export function isOwnFile(name: string): boolean {
  return name === META_FILE || name === WALK_FILE || VECTOR_FILE.test(name) || isTempFile(name);
}

/** Why a store built as `meta` cannot serve `identity`, if it cannot. */
export function incompatibility(meta: Metadata, identity: StoreIdentity): string | undefined {
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


/** What to do with the stored semantic vectors for `identity`: load them, skip them, or drop them (with why). */
export function semanticPlan(meta: Metadata, identity: StoreIdentity): 'load' | 'none' | { readonly notice: string } {
  const wanted = identity.semantic;
  const stored = meta.semantic;
  if (!wanted) return 'none';
  const reembed = 'they are embedded again at the next refresh';
  if (!stored) return { notice: `the store has no semantic vectors for ${wanted.embedderId}; ${reembed}` };
  if (stored.id !== wanted.embedderId || stored.dimensions !== wanted.dimensions) {
    return {
      notice: `semantic vectors were built with ${stored.id}/${stored.dimensions}, now ${wanted.embedderId}/${wanted.dimensions}; ${reembed}`,
    };
  }
  return 'load';
}
