/**
 * @fileoverview Cuts a parsed file into index chunks: one per function,
 * method, bound function value and class, skipping the trivial ones that
 * would only add noise to similarity search.
 */
import { countCodeLines, type SourceFile } from '../../syntax/index.js';
import { findUnits, type ChunkKind, type CodeUnit } from './units.js';
import { tokensHash } from '../hash.js';
import { normalizeRanges } from './normalize.js';
import { encodeTermHashes, evidenceTerms, termHashes } from '../evidence/index.js';

export type { ChunkKind } from './units.js';

/** One indexed unit of code. */
export interface Chunk {
  /** `${file}#${symbol}`, plus `~n` for the n-th (n ≥ 2) unit of that symbol in the file. */
  readonly id: string;
  /** Workspace-relative POSIX path. */
  readonly file: string;
  readonly symbol: string;
  readonly kind: ChunkKind;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
  /** The source from the start of startLine to the end of endLine (line breaks as in the file). */
  readonly text: string;
  /** Hash of the normalised token stream: equal for exact (renamed) copies. */
  readonly hash: string;
  readonly tokenCount: number;
}

/** A chunk with what indexing needs beyond it. */
export interface TokenizedChunk {
  readonly chunk: Chunk;
  /** The normalised tokens it was hashed from, for embedding. */
  readonly tokens: readonly string[];
  /** Its evidence term hashes, encoded (evidence/): what it is about, for the evidence index. */
  readonly evidence: string;
  /** UTF-16 offsets of `chunk.text` in the file text, to cut it again from the same text. */
  readonly textStart: number;
  readonly textEnd: number;
}

/** When a unit is too small to be worth indexing. */
export interface ChunkOptions {
  /** Units with fewer lines of code are skipped (default 3). */
  readonly minCodeLines?: number;
  /** Units with fewer normalised tokens are skipped (default 20). */
  readonly minTokens?: number;
}

/** The defaults of `ChunkOptions`, filled in. */
export function resolveChunkOptions(options: ChunkOptions = {}): Required<ChunkOptions> {
  return { minCodeLines: options.minCodeLines ?? 3, minTokens: options.minTokens ?? 20 };
}

/** The chunks of `file`, in source order. `relPath` becomes `Chunk.file`. */
export function chunkFile(file: SourceFile, relPath: string, options?: ChunkOptions): Chunk[] {
  return chunkFileWithTokens(file, relPath, options).map((t) => t.chunk);
}

/** Like `chunkFile`, keeping each chunk's normalised tokens. */
export function chunkFileWithTokens(file: SourceFile, relPath: string, options?: ChunkOptions): TokenizedChunk[] {
  const { minCodeLines, minTokens } = resolveChunkOptions(options);
  const occurrences = new Map<string, number>();
  const out: TokenizedChunk[] = [];
  const units = findUnits(file).filter(
    (unit) => countCodeLines(file, unit.node.startPosition.row, unit.node.endPosition.row) >= minCodeLines,
  );
  const normalised = normalizeRanges(file, units.map((unit) => [unit.node.startIndex, unit.node.endIndex] as const));
  units.forEach((unit, i) => {
    const tokens = normalised[i]!;
    if (tokens.length < minTokens) return;
    // Whole lines: the snippet shows indentation and `export const` prefixes.
    const lineStart = file.text.lastIndexOf('\n', unit.node.startIndex - 1) + 1;
    const newline = file.text.indexOf('\n', unit.node.endIndex);
    const lineEnd = newline === -1 ? file.text.length : newline - (file.text[newline - 1] === '\r' ? 1 : 0);
    const text = file.text.slice(lineStart, lineEnd);
    const evidence = encodeTermHashes(termHashes(evidenceTerms(file, unit.node.startIndex, unit.node.endIndex).map((t) => t.term)));
    out.push({ chunk: makeChunk(relPath, unit, text, tokens, occurrences), tokens, evidence, textStart: lineStart, textEnd: lineEnd });
  });
  return out;
}

function makeChunk(
  relPath: string,
  unit: CodeUnit,
  text: string,
  tokens: readonly string[],
  occurrences: Map<string, number>,
): Chunk {
  // Counting per symbol keeps ids stable when unrelated code moves.
  const occurrence = (occurrences.get(unit.symbol) ?? 0) + 1;
  occurrences.set(unit.symbol, occurrence);
  const startLine = unit.node.startPosition.row + 1;
  const endLine = unit.node.endPosition.row + 1;
  return {
    id: `${relPath}#${unit.symbol}${occurrence > 1 ? `~${occurrence}` : ''}`,
    file: relPath,
    symbol: unit.symbol,
    kind: unit.kind,
    startLine,
    endLine,
    text,
    hash: tokensHash(tokens),
    tokenCount: tokens.length,
  };
}
