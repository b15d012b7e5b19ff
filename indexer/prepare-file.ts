/**
 * @fileoverview The per-file half of indexing, apart from the index itself:
 * read a file, skip it when generated, hash it, and when its content is new
 * parse, chunk and structurally embed it. Pure work on one file, so it runs
 * the same on the index's thread and on build-pool workers; the index then
 * applies the result (labels, catalog, vectors) on its own thread.
 */
import { createSourceFile, type LanguageId, type SourceFile } from '../syntax/index.js';
import { chunkFileWithTokens, type Chunk, type ChunkOptions } from './chunks/index.js';
import type { Embedder } from './embedders/index.js';
import { readSourceText, hasGeneratedMarker } from './walk/index.js';
import { contentHash } from './hash.js';
import type { Notices } from './notices.js';

/** A file to prepare, and the content hash the index holds for it (if any). */
export interface PrepareJob {
  /** The workspace root: the file is read only if it is exactly at `absPath` under it (see readSourceText). */
  readonly root: string;
  readonly absPath: string;
  readonly relPath: string;
  readonly language: LanguageId;
  readonly knownHash?: string;
  /** Larger files (when read) are skipped. */
  readonly maxFileBytes: number;
}

/** One chunk with its offsets in the file text (what a catalog record keeps). */
interface PreparedChunk {
  readonly chunk: Chunk;
  readonly evidence: string;
  readonly textStart: number;
  readonly textEnd: number;
}

/** A file chunked and embedded: one structural vector per chunk, in chunk order. */
export interface ChunkedFile {
  readonly hash: string;
  readonly chunks: readonly PreparedChunk[];
  readonly vectors: readonly Float32Array[];
}

/**
 * What preparing found: `skipped` (unreadable, binary or generated),
 * `same` (content hash equals `knownHash`: nothing to re-embed) or `chunked`.
 */
export type PreparedFile =
  | { readonly kind: 'skipped' }
  | { readonly kind: 'same'; readonly hash: string }
  | ({ readonly kind: 'chunked' } & ChunkedFile);

/**
 * The file's own text defeated the chunker (a nesting too deep for the
 * normaliser): the file's problem, not the index's, unlike a failing embedder.
 */
export class UnindexableFileError extends Error {
  override readonly name = 'UnindexableFileError';
}

/** Reads and prepares one file of the workspace. */
export async function prepareFile(job: PrepareJob, chunking: ChunkOptions, embedder: Embedder): Promise<PreparedFile> {
  const text = readSourceText(job.root, job.absPath, job.maxFileBytes);
  if (text === undefined || hasGeneratedMarker(text)) return { kind: 'skipped' };
  const hash = contentHash(text);
  if (hash === job.knownHash) return { kind: 'same', hash };
  const file = createSourceFile(job.relPath, text, job.language);
  return { kind: 'chunked', ...(await chunkAndEmbed(file, job.relPath, hash, chunking, embedder)) };
}

/** Chunks and embeds a parsed file; throws when the embedder returns malformed vectors. */
export async function chunkAndEmbed(
  file: SourceFile,
  relPath: string,
  hash: string,
  chunking: ChunkOptions,
  embedder: Embedder,
): Promise<ChunkedFile> {
  const tokenized = chunkOrRefuse(file, relPath, chunking);
  const inputs = tokenized.map((t) => ({ text: t.chunk.text, tokens: t.tokens }));
  const vectors = inputs.length === 0 ? [] : await embedder.embed(inputs);
  if (vectors.length !== tokenized.length || vectors.some((v) => v.length !== embedder.dimensions)) {
    throw new Error(`embedder ${embedder.id} returned malformed vectors for ${relPath}`);
  }
  const chunks = tokenized.map(({ chunk, evidence, textStart, textEnd }) => ({ chunk, evidence, textStart, textEnd }));
  return { hash, chunks, vectors };
}

function chunkOrRefuse(file: SourceFile, relPath: string, chunking: ChunkOptions): ReturnType<typeof chunkFileWithTokens> {
  try {
    return chunkFileWithTokens(file, relPath, chunking);
  } catch (error) {
    throw new UnindexableFileError(`${relPath} could not be chunked (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`);
  }
}

/**
 * {@link prepareFile} on this thread. A file whose text defeats the chunker
 * is left out with a notice, as an unreadable file is: one file must not
 * fail the refresh, and with it the duplicate search of every review of the
 * workspace. A failing embedder still fails the refresh (the index stays).
 */
export async function prepareOrLeaveOut(
  job: PrepareJob,
  settings: { readonly identity: { readonly chunking: ChunkOptions }; readonly embedder: Embedder },
  notices: Notices,
): Promise<PreparedFile> {
  try {
    return await prepareFile(job, settings.identity.chunking, settings.embedder);
  } catch (error) {
    if (!(error instanceof UnindexableFileError)) throw error;
    notices.add(`${error.message}; it is left out of the index`);
    return { kind: 'skipped' };
  }
}
