/**
 * @fileoverview Search results as the review pipeline and the model see
 * them: location, score and a short snippet (the model asks for the full
 * code by id when it needs it).
 */
import { splitLines } from '../syntax/index.js';
import type { Catalog, CatalogEntry } from './catalog.js';
import type { Chunk } from './chunker.js';
import type { VectorIndex } from './vector-index.js';

/** One similar chunk: where it is and how close, never the whole chunk. */
export type Candidate = Pick<Chunk, 'id' | 'file' | 'symbol' | 'kind' | 'startLine' | 'endLine'> & {
  /** Cosine similarity 0..1, 3 decimals; 1 for exact normalised copies. */
  readonly score: number;
  /** The first lines of the chunk. */
  readonly snippet: string;
  readonly snippetTruncated: boolean;
};

/** Snippet limits: enough to recognise the code, small enough for a prompt. */
export const SNIPPET_MAX_LINES = 12;
export const SNIPPET_MAX_CHARS = 600;

/** The first SNIPPET_MAX_LINES lines of `text`, at most SNIPPET_MAX_CHARS characters. */
export function makeSnippet(text: string): { snippet: string; truncated: boolean } {
  // Indexed text keeps the file's line breaks; a snippet is for reading.
  const lines = splitLines(text);
  let snippet = lines.slice(0, SNIPPET_MAX_LINES).join('\n');
  let truncated = lines.length > SNIPPET_MAX_LINES;
  if (snippet.length > SNIPPET_MAX_CHARS) {
    snippet = snippet.slice(0, SNIPPET_MAX_CHARS);
    truncated = true;
  }
  return { snippet, truncated };
}

/** A similarity rounded to 3 decimals for stable, compact output. */
function roundScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/** What ranking reads: the catalog, the vectors, and chunk text as indexed. */
export interface RankingSources {
  readonly catalog: Catalog;
  readonly vectors: VectorIndex;
  /** The chunk's text as indexed, or undefined when its file changed since. */
  readonly chunkText: (entry: CatalogEntry) => string | undefined;
}

/** A query reduced to what ranking needs. */
export interface RankingQuery {
  readonly vector: Float32Array;
  /** Normalised-token hash: chunks with the same hash are exact copies. */
  readonly hash: string;
  /** The chunk searched for, excluded from its own results. */
  readonly self?: { readonly id: string; readonly file: string; readonly startLine: number; readonly endLine: number };
}

// Candidates dropped after the vector search (the query's own range, changed files)
// are replaced from this many extra hits per requested one.
const OVERFETCH = 2;
// Exact copies considered beyond k, in case some of them changed since indexing.
// A chunk copied thousands of times must not make one search fetch and sort them all.
export const EXACT_COPY_SLACK = 16;

/**
 * The k best candidates: exact copies first (score 1), then vector hits.
 * Skips the query chunk and chunks overlapping it in its file (its class,
 * its methods), and chunks whose file changed since indexing.
 * Of a group of exact copies only the k + EXACT_COPY_SLACK with the lowest ids
 * are considered, and the vector search asks for at most that many extra hits.
 */
export function rankCandidates(sources: RankingSources, query: RankingQuery, k: number): Candidate[] {
  const { self } = query;
  const excluded = (entry: CatalogEntry): boolean =>
    self !== undefined &&
    (entry.record.id === self.id ||
      (entry.file === self.file && entry.record.startLine <= self.endLine && entry.record.endLine >= self.startLine));
  const scores = new Map<string, { entry: CatalogEntry; score: number }>();
  for (const entry of lowestIds(sources.catalog.sameHash(query.hash), k + EXACT_COPY_SLACK, excluded)) {
    scores.set(entry.record.id, { entry, score: 1 });
  }
  for (const hit of sources.vectors.search(query.vector, k * (OVERFETCH + 1) + scores.size + 1)) {
    const entry = sources.catalog.chunkByLabel(hit.label);
    if (entry && !excluded(entry) && !scores.has(entry.record.id)) scores.set(entry.record.id, { entry, score: hit.score });
  }
  const ranked = [...scores.values()].sort(
    (a, b) => b.score - a.score || compareIds(a.entry.record.id, b.entry.record.id),
  );
  const out: Candidate[] = [];
  for (const { entry, score } of ranked) {
    if (out.length === k) break;
    const text = sources.chunkText(entry);
    if (text === undefined) continue;
    const { snippet, truncated } = makeSnippet(text);
    const { id, symbol, kind, startLine, endLine } = entry.record;
    const file = entry.file;
    out.push({ id, file, symbol, kind, startLine, endLine, score: roundScore(score), snippet, snippetTruncated: truncated });
  }
  return out;
}

function compareIds(a: string, b: string): number {
  return a.localeCompare(b);
}

/**
 * The (at most) `limit` entries with the lowest ids, in id order, skipping
 * `excluded` ones: a bounded insertion, linear in the group for a small limit.
 */
function lowestIds(entries: Iterable<CatalogEntry>, limit: number, excluded: (entry: CatalogEntry) => boolean): CatalogEntry[] {
  const kept: CatalogEntry[] = [];
  if (limit <= 0) return kept;
  for (const entry of entries) {
    if (excluded(entry)) continue;
    const id = entry.record.id;
    if (kept.length === limit && compareIds(id, kept[limit - 1]!.record.id) >= 0) continue;
    let at = kept.length;
    while (at > 0 && compareIds(id, kept[at - 1]!.record.id) < 0) at--;
    kept.splice(at, 0, entry);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}
