/**
 * @fileoverview The index stage: report near-certain copies of the reviewed
 * file's chunks without asking the model.
 */
import { literalAgreement, literalValues, type Candidate, type Chunk, type CodeIndex } from '../../indexer/index.js';
import { languageForPath } from '../../syntax/index.js';
import { catalogMessage, reuseSuggestion, type FindingDraft } from './findings.js';
import type { Severity } from './schemas.js';

/** Share of literal values two bodies must have in common for a finding without the model. */
const MIN_LITERAL_AGREEMENT = 0.75;

interface DuplicateSearchOptions {
  readonly duplicateThreshold: number;
  readonly candidates: number;
  readonly severity: Severity;
}

/**
 * One finding per group of copies. Chunks are searched in batch order; a
 * chunk that an earlier finding already named (as its subject or among its
 * originals) is not reported again, so three copies of one body make one
 * finding, not three pairs.
 */
export async function searchDuplicates(
  index: CodeIndex,
  chunks: readonly Chunk[],
  options: DuplicateSearchOptions,
): Promise<FindingDraft[]> {
  const drafts: FindingDraft[] = [];
  const grouped = new Set<string>();
  for (const chunk of chunks) {
    if (grouped.has(chunk.id)) continue;
    // Ranked by structural score: with the semantic signal on, search order is the fused one.
    const close = (await index.search({ chunk }, options.candidates)).filter(
      (candidate) => candidate.score >= options.duplicateThreshold && !isSelfOrEarlierInFile(chunk, candidate),
    );
    if (close.length === 0) continue;
    // Literals are read only for the rare chunk that has close matches, and once per chunk.
    const ours = literalValues(chunk.text, languageForPath(chunk.file) ?? 'typescript');
    const matches = close.filter((candidate) => sameLiterals(index, ours, candidate)).sort((a, b) => b.score - a.score);
    if (matches.length === 0) continue;
    drafts.push(duplicateDraft(chunk, matches, options.severity));
    grouped.add(chunk.id);
    for (const match of matches) grouped.add(match.id);
  }
  return drafts;
}

/**
 * A structural match whose literals disagree is a parametric twin
 * (`positive()`/`negative()` differing in `"min"`/`"max"`), not a copy to
 * call instead: it is left to the model. Without the original's text (it
 * changed since it was indexed) there is no certainty, so no finding either.
 */
function sameLiterals(index: CodeIndex, ours: readonly string[], candidate: Candidate): boolean {
  const original = index.readCode(candidate.id);
  const language = languageForPath(candidate.file);
  if (!original || original.changed || !language) return false;
  return literalAgreement(ours, literalValues(original.text, language)) >= MIN_LITERAL_AGREEMENT;
}

/**
 * Two copies inside one file would report each other; only the later one,
 * the copy, is reported. Overlapping ranges (a class and its own method) are
 * containment, not duplication.
 */
function isSelfOrEarlierInFile(chunk: Chunk, candidate: Candidate): boolean {
  if (candidate.file !== chunk.file) return false;
  const overlaps = candidate.startLine <= chunk.endLine && chunk.startLine <= candidate.endLine;
  return overlaps || candidate.startLine > chunk.startLine;
}

function duplicateDraft(chunk: Chunk, matches: readonly Candidate[], severity: Severity): FindingDraft {
  const best = matches[0]!;
  return {
    file: chunk.file,
    rule: 'duplicate',
    severity,
    source: 'index',
    line: chunk.startLine,
    endLine: chunk.endLine,
    symbol: chunk.symbol,
    message: catalogMessage('duplicate', 'duplicate', {
      symbol: chunk.symbol,
      originalSymbol: best.symbol,
      file: best.file,
      line: best.startLine,
      score: best.score.toFixed(2),
    }),
    suggestion: reuseSuggestion({ symbol: best.symbol, file: best.file, line: best.startLine }),
    related: matches.map((m) => ({ file: m.file, line: m.startLine, symbol: m.symbol, score: m.score })),
  };
}
