/**
 * @fileoverview Measures one sampled function: for each edit type, the
 * edited copy is searched as free code (`CodeIndex.search({code, language})`,
 * as the model stage does) and the rank of the original is recorded, with
 * the original's own score (computed exactly, so it is known even when the
 * original is not in the top k).
 */
import path from 'node:path';
import { declarationCore, normalizeSnippet, type StructuralEmbedder } from '../../indexer/index.js';
import { parseCorpusFile, type Corpus, type SampleUnit } from './corpus.js';
import { variantText, type EditType } from './edits/registry.js';
import { isSkip } from './edits/edit.js';
import { Rng } from './rng.js';
import { cosine } from '../../indexer/vectors/scores.js';
import { locateFunction } from './syntax-util.js';

/** How far down the result list the original is looked for. */
export const SEARCH_K = 10;

/** The outcome of one (sample, edit type) query. */
export interface QueryResult {
  readonly id: string;
  readonly type: EditType;
  readonly language: string;
  readonly skipped?: string;
  readonly note?: string;
  /** 1-based rank of the original (or an exact normalised copy of it) within SEARCH_K; null when not found. */
  readonly rank?: number | null;
  /** Cosine score of the original against the query (1 for an exact normalised copy), 3 decimals. */
  readonly score?: number;
  /** Whether the query normalises to exactly the original's token stream. */
  readonly exact?: boolean;
  /** 1-based rank of the first candidate in the original's folder (clone groups such as leetcode problems). */
  readonly dirRank?: number | null;
  readonly top?: { readonly id: string; readonly score: number };
  readonly query?: string;
}

/** Runs every edit type on one sampled unit. */
export async function measureUnit(
  corpus: Corpus,
  unit: SampleUnit,
  types: readonly EditType[],
  seed: number,
  embedder: StructuralEmbedder,
  keepText: boolean,
): Promise<QueryResult[]> {
  const { chunk } = unit;
  const file = parseCorpusFile(corpus, unit);
  const fn = file && locateFunction(file, unit.textStart, unit.textEnd);
  const language = unit.language;
  if (!file || !fn) return types.map((type) => ({ id: chunk.id, type, language, skipped: 'no function node' }));
  const original = embedder.embedTokens(unit.tokens);
  const originalKey = unit.tokens.join(' ');
  const dir = path.posix.dirname(chunk.file);
  const out: QueryResult[] = [];
  for (const type of types) {
    const target = { file, fn, start: unit.textStart, end: unit.textEnd, rng: Rng.derive(seed, `${chunk.id}|${type}`) };
    const variant = variantText(type, target);
    if (isSkip(variant)) {
      out.push({ id: chunk.id, type, language, skipped: variant.skip });
      continue;
    }
    const tokens = declarationCore(normalizeSnippet(variant.text, unit.language));
    const exact = tokens.join(' ') === originalKey;
    const score = exact ? 1 : cosine(original, embedder.embedTokens(tokens));
    const results = await corpus.index.search({ code: variant.text, language: unit.language }, SEARCH_K);
    const hit = results.findIndex((r) => r.id === chunk.id || corpus.hashById.get(r.id) === chunk.hash);
    const dirHit = results.findIndex((r) => path.posix.dirname(r.file) === dir);
    const top = results[0];
    out.push({
      id: chunk.id,
      type,
      language,
      note: variant.note,
      rank: hit === -1 ? null : hit + 1,
      score: Math.round(score * 1000) / 1000,
      exact,
      dirRank: dirHit === -1 ? null : dirHit + 1,
      ...(top ? { top: { id: top.id, score: top.score } } : {}),
      ...(keepText ? { query: variant.text } : {}),
    });
  }
  return out;
}
