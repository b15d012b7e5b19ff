/**
 * @fileoverview The index stage: put the reviewed file into the similarity
 * index and report near-certain copies without asking the model.
 */
import type { Candidate, Chunk, CodeIndex } from '../../indexer/index.js';
import type { SourceFile } from '../../syntax/index.js';
import { catalogMessage, type FindingDraft } from './findings.js';
import type { Severity } from './schemas.js';

export interface IndexStageOptions {
  readonly duplicateThreshold: number;
  readonly candidates: number;
  /** The `duplicate` rule's configured severity, or 'off'. */
  readonly severity: Severity | 'off';
}

export interface IndexStageResult {
  readonly chunks: readonly Chunk[];
  readonly drafts: FindingDraft[];
}

/** Indexes `file` and reports chunks whose best match clears the duplicate threshold. */
export async function runIndexStage(
  index: CodeIndex,
  relPath: string,
  file: SourceFile,
  options: IndexStageOptions,
): Promise<IndexStageResult> {
  const chunks = await index.indexSource(relPath, file);
  const drafts: FindingDraft[] = [];
  if (options.severity === 'off') return { chunks, drafts };
  for (const chunk of chunks) {
    const matches = (await index.search({ chunk }, options.candidates)).filter(
      (candidate) => candidate.score >= options.duplicateThreshold && !isSelfOrEarlierInFile(chunk, candidate),
    );
    if (matches.length > 0) drafts.push(duplicateDraft(chunk, matches, options.severity));
  }
  return { chunks, drafts };
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
    suggestion: `call ${best.symbol} from ${best.file}:${best.startLine} instead of keeping a second copy`,
    related: matches.map((m) => ({ file: m.file, line: m.startLine, symbol: m.symbol, score: m.score })),
  };
}
