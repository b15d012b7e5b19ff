/**
 * @fileoverview The on-disk format of an index store: the metadata schema,
 * the names the store owns in its folder, and which stored settings make a
 * store unusable for an identity (discarded) or only its semantic vectors
 * (dropped and embedded again).
 */
import type { FileRecord } from './catalog.js';

/** Bump when the metadata layout changes; older stores are rebuilt. */
export const STORE_FORMAT_VERSION = 1;

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

/** The parsed `meta.json`. */
export interface Metadata {
  readonly formatVersion: number;
  readonly embedder: { readonly id: string; readonly dimensions: number };
  readonly chunking: { readonly minCodeLines: number; readonly minTokens: number };
  readonly vectorFile: string;
  /** The index kind that wrote `vectorFile`; absent (stores of earlier versions): 'hnsw'. */
  readonly vectorKind?: 'flat' | 'hnsw';
  readonly semantic?: {
    readonly id: string;
    readonly dimensions: number;
    readonly vectorFile: string;
    /** Labels of chunks without a semantic vector (not embedded yet). */
    readonly missing: readonly number[];
  };
  readonly nextLabel: number;
  readonly files: Readonly<Record<string, FileRecord>>;
}

/**
 * `meta.json`'s text parsed and checked, throwing for anything else (the
 * store is then discarded and rebuilt). Text that is not JSON is named, not
 * quoted: JSON.parse's message quotes it, and a meta.json may be a link to
 * some other file. By plain type tests rather than a zod
 * schema: the store is review-guard's own file, read at the start of every
 * CLI run, and zod took ~90 ms per load to check a 5,000-chunk store (and
 * ~7 ms just to build the header's schema); these tests take a few.
 */
export function parseMetadata(text: string): Metadata {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${META_FILE} is not valid JSON`);
  }
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
  if (m.vectorKind !== undefined && m.vectorKind !== 'flat' && m.vectorKind !== 'hnsw') return 'vectorKind';
  if (m.semantic !== undefined) {
    const s = (m.semantic ?? {}) as Record<string, unknown>;
    if (typeof s.id !== 'string' || !isPositive(s.dimensions) || !isVectorFile(s.vectorFile)) return 'semantic';
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
    isCount(c.tokenCount) && isCount(c.textStart) && isCount(c.textEnd) && isCount(c.label)
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
