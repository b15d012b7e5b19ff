/**
 * @fileoverview Turns a search query into what ranking needs: its
 * structural vector and token hash and, with a semantic signal, its semantic
 * vector and the semantic index to fuse. An indexed chunk that has not changed reuses its stored vectors;
 * anything else is embedded.
 */
import { languageForPath } from '../../syntax/index.js';
import type { RankingQuery, RankingSources } from '../candidates.js';
import type { Catalog, CatalogEntry } from '../catalog.js';
import type { Chunk } from '../chunks/index.js';
import type { SearchQuery } from '../code-index-types.js';
import type { Embedder } from '../embedders/index.js';
import { tokensHash } from '../hash.js';
import { declarationCore, normalizeSnippet } from '../chunks/index.js';
import { SemanticCall, type SemanticSignal } from './semantic-signal.js';
import type { VectorIndex } from './vector-index.js';

/** What building query vectors reads. */
export interface QuerySources {
  readonly catalog: Catalog;
  readonly vectors: VectorIndex;
  readonly embedder: Embedder;
  /** The chunk's text as indexed, or undefined when its file changed since. */
  readonly chunkText: (entry: CatalogEntry) => string | undefined;
}

/**
 * The query as ranking takes it (candidates.ts), with the semantic vectors to
 * fuse when the semantic signal has vectors and one for the query.
 */
export async function rankingInput(
  sources: QuerySources,
  signal: SemanticSignal | undefined,
  query: SearchQuery,
): Promise<{ sources: RankingSources; query: RankingQuery }> {
  const { vector, hash, self } = await structuralQuery(sources, query);
  const semantic = signal && signal.vectors.size > 0 ? signal : undefined;
  const semanticVector = semantic && (await semanticQuery(sources, semantic, query));
  const { catalog, vectors, chunkText } = sources;
  return {
    sources: { catalog, vectors, chunkText, ...(semantic && semanticVector ? { semantic: semantic.vectors } : {}) },
    query: { vector, hash, ...(self ? { self } : {}), ...(semanticVector ? { semanticVector } : {}) },
  };
}

/** The structural side of a query; `self` is the query chunk, excluded from its own results. */
async function structuralQuery(
  sources: QuerySources,
  query: SearchQuery,
): Promise<{ vector: Float32Array; hash: string; self?: Chunk }> {
  if ('chunk' in query) {
    const { chunk } = query;
    const indexed = sources.catalog.chunk(chunk.id);
    // An indexed chunk with the same tokens already has its vector: no re-embedding.
    const stored = indexed?.record.hash === chunk.hash ? sources.vectors.get(indexed.record.label) : undefined;
    if (stored) return { vector: stored, hash: chunk.hash, self: chunk };
    // Out of its file the chunk parses a little differently; close enough for a query.
    const tokens = declarationCore(normalizeSnippet(chunk.text, languageForPath(chunk.file) ?? 'typescript'));
    return { vector: await embedOne(sources.embedder, chunk.text, tokens), hash: chunk.hash, self: chunk };
  }
  const tokens = declarationCore(normalizeSnippet(query.code, query.language));
  return { vector: await embedOne(sources.embedder, query.code, tokens), hash: tokensHash(tokens) };
}

/**
 * The query's semantic vector: the stored one for an indexed chunk whose
 * text is unchanged, else embedded; undefined when the embedder fails.
 */
async function semanticQuery(sources: QuerySources, semantic: SemanticSignal, query: SearchQuery): Promise<Float32Array | undefined> {
  const text = 'chunk' in query ? query.chunk.text : query.code;
  const indexed = 'chunk' in query ? sources.catalog.chunk(query.chunk.id) : undefined;
  if (indexed && sources.chunkText(indexed) === text) {
    const stored = semantic.vectors.get(indexed.record.label);
    if (stored) return stored;
  }
  return (await semantic.embed(new SemanticCall(), [text], 'a search'))?.[0];
}

async function embedOne(embedder: Embedder, text: string, tokens: readonly string[]): Promise<Float32Array> {
  const [vector] = await embedder.embed([{ text, tokens }]);
  if (vector?.length !== embedder.dimensions) throw new Error(`embedder ${embedder.id} returned a malformed vector`);
  return vector;
}
