/**
 * @fileoverview Search results as the review pipeline and the model see
 * them: location, scores and a short snippet (the model asks for the full
 * code by id when it needs it). Ranked by the structural score alone, or,
 * with a semantic signal, by reciprocal-rank fusion of both (fusion.ts); the
 * score stays the structural one either way (see scores.ts for its meaning).
 */
import { splitLines } from '../syntax/index.js';
import type { Catalog, CatalogEntry } from './catalog.js';
import type { Chunk } from './chunks/index.js';
import { compareIds, fuseRankings, cosine, roundScore } from './vectors/index.js';
import type { VectorIndex } from './vectors/index.js';

/** One similar chunk: where it is and how close, never the whole chunk. */
export type Candidate = Pick<Chunk, 'id' | 'file' | 'symbol' | 'kind' | 'startLine' | 'endLine'> & {
  /** Structural cosine similarity 0..1, 3 decimals; 1 for exact normalised copies (see scores.ts). */
  readonly score: number;
  /**
   * Evidence agreement 0..1, 3 decimals (evidence/evidence-index.ts): present
   * on candidates of an evidence search, which ranks by it.
   */
  readonly evidence?: number;
  /**
   * Semantic cosine similarity, 3 decimals: present when the search used the
   * semantic signal and the chunk has a semantic vector.
   */
  readonly semanticScore?: number;
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

/** What ranking reads: the catalog, the vectors, and chunk text as indexed. */
export interface RankingSources {
  readonly catalog: Catalog;
  readonly vectors: VectorIndex;
  /** Semantic vectors by the same labels; with `RankingQuery.semanticVector`, ranking fuses both signals. */
  readonly semantic?: VectorIndex;
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
  /** The query's semantic vector, for fused ranking. */
  readonly semanticVector?: Float32Array;
}

// Candidates dropped after the vector search (the query's own range, changed files)
// are replaced from this many extra hits per requested one.
const OVERFETCH = 2;
// Exact copies considered beyond k, in case some of them changed since indexing.
// A chunk copied thousands of times must not make one search fetch and sort them all.
export const EXACT_COPY_SLACK = 16;
// Neighbours fetched from each signal for fusion, at least: fusion needs a pool deeper than k.
const FUSION_MIN_FETCH = 50;

/** A pool member: its entry, structural score and (when fused) semantic score. */
interface Scored {
  readonly id: string;
  readonly entry: CatalogEntry;
  score: number;
  semanticScore?: number;
}

/**
 * The k best candidates: exact copies first (score 1), then vector hits;
 * with a semantic signal, the union of both signals' neighbours in fused
 * order. Skips the query chunk and chunks overlapping it in its file (its
 * class, its methods), and chunks whose file changed since indexing.
 * Of a group of exact copies only the k + EXACT_COPY_SLACK with the lowest ids
 * are considered, and the vector search asks for at most that many extra hits.
 */
export function rankCandidates(sources: RankingSources, query: RankingQuery, k: number): Candidate[] {
  const { self } = query;
  const excluded = (entry: CatalogEntry): boolean =>
    self !== undefined &&
    (entry.record.id === self.id ||
      (entry.file === self.file && entry.record.startLine <= self.endLine && entry.record.endLine >= self.startLine));
  const semantic = sources.semantic && query.semanticVector ? { index: sources.semantic, vector: query.semanticVector } : undefined;
  const fetch = semantic ? Math.max(k * (OVERFETCH + 1), FUSION_MIN_FETCH) : k * (OVERFETCH + 1);
  const pool = new Map<string, Scored>();
  const add = (entry: CatalogEntry, score: number): Scored => {
    const scored: Scored = { id: entry.record.id, entry, score };
    pool.set(scored.id, scored);
    return scored;
  };
  for (const entry of lowestIds(sources.catalog.sameHash(query.hash), k + EXACT_COPY_SLACK, excluded)) add(entry, 1);
  for (const hit of sources.vectors.search(query.vector, fetch + pool.size + 1)) {
    const entry = sources.catalog.chunkByLabel(hit.label);
    if (entry && !excluded(entry) && !pool.has(entry.record.id)) add(entry, hit.score);
  }
  if (!semantic) {
    const ranked = [...pool.values()].sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
    return toCandidates(ranked, sources, k);
  }
  const unscored = new Set<Scored>();
  for (const hit of semantic.index.search(semantic.vector, fetch + 1)) {
    const entry = sources.catalog.chunkByLabel(hit.label);
    if (!entry || excluded(entry)) continue;
    const known = pool.get(entry.record.id);
    if (known) known.semanticScore = hit.score;
    else unscored.add(Object.assign(add(entry, 0), { semanticScore: hit.score }));
  }
  // Every pool member gets both scores, so both rankings cover the same pool.
  for (const scored of pool.values()) {
    const label = scored.entry.record.label;
    if (unscored.has(scored)) scored.score = cosineOf(sources.vectors, label, query.vector) ?? 0;
    if (scored.semanticScore === undefined) {
      const semanticScore = cosineOf(semantic.index, label, semantic.vector);
      if (semanticScore !== undefined) scored.semanticScore = semanticScore;
    }
  }
  return toCandidates(fuseRankings([...pool.values()]), sources, k);
}

function cosineOf(vectors: VectorIndex, label: number, query: Float32Array): number | undefined {
  const stored = vectors.get(label);
  return stored && cosine(stored, query);
}

/** The first k of `ranked` whose text can still be read, as candidates. */
function toCandidates(ranked: readonly (Scored & { evidence?: number })[], sources: RankingSources, k: number): Candidate[] {
  const out: Candidate[] = [];
  for (const { entry, score, semanticScore, evidence } of ranked) {
    if (out.length === k) break;
    const text = sources.chunkText(entry);
    if (text === undefined) continue;
    const { snippet, truncated } = makeSnippet(text);
    const { id, symbol, kind, startLine, endLine } = entry.record;
    out.push({
      id,
      file: entry.file,
      symbol,
      kind,
      startLine,
      endLine,
      score: roundScore(score),
      ...(semanticScore !== undefined ? { semanticScore: roundScore(semanticScore) } : {}),
      ...(evidence !== undefined ? { evidence } : {}),
      snippet,
      snippetTruncated: truncated,
    });
  }
  return out;
}

/** A candidate of an evidence search. */
export type EvidenceCandidate = Candidate & {
  readonly evidence: number;
  /** The evidence both share, in units of a term no other chunk has (2: as telling as two such terms). */
  readonly sharedTerms: number;
};

/**
 * The evidence search's matches as candidates, in their order, skipping
 * chunks whose text can no longer be read; `score` is the structural cosine
 * with the query chunk's vector as indexed (0 when it is not indexed).
 */
export function evidenceCandidates(
  matches: readonly { readonly entry: CatalogEntry; readonly agreement: number; readonly shared: number }[],
  sources: RankingSources,
  query: Pick<Chunk, 'id' | 'hash'>,
): EvidenceCandidate[] {
  const indexed = sources.catalog.chunk(query.id);
  const queryVector = indexed?.record.hash === query.hash ? sources.vectors.get(indexed.record.label) : undefined;
  const shared = new Map(matches.map((m) => [m.entry.record.id, m.shared]));
  const scored = matches.map(({ entry, agreement }) => ({
    id: entry.record.id,
    entry,
    score: (queryVector && cosineOf(sources.vectors, entry.record.label, queryVector)) ?? 0,
    evidence: roundScore(agreement),
  }));
  return toCandidates(scored, sources, scored.length).map((c) => ({ ...c, evidence: c.evidence!, sharedTerms: Math.round(shared.get(c.id)! * 100) / 100 }));
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
