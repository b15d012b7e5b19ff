/**
 * @fileoverview The model stage: run the bounded reviewer loop for one file
 * and keep only findings it may make. The model judges candidates the index
 * returned, it does not invent them: a duplicate is kept only when it is
 * about a function, method or class of the reviewed file, names a
 * candidate that a search for that symbol's own code returned, and the
 * index scores that pair at or above `model.minCandidateScore` or their
 * evidence agrees at least GREY_AGREEMENT (code written again, whose
 * shape differs; duplicates/evidence-verdict.ts); the score
 * reported is the index's. Anything else is dropped (and counted). A
 * finding that repeats one of the deterministic stages is merged into it.
 */
import type { Chunk, CodeIndex } from '../../../indexer/index.js';
import type { LlmClient } from '../../../models/llm-client.js';
import type { SourceFile } from '../../../syntax/index.js';
import {
  runModelReview,
  ToolInputError,
  Transcript,
  type AgentCandidate,
  type CandidateSource,
  type DeclarationSpan,
  type ModelFinding,
  type RunStats,
  type TranscriptSink,
} from './agent/index.js';
import { reuseSuggestion, type FindingDraft } from '../findings/index.js';
import { GREY_AGREEMENT } from '../duplicates/index.js';
import { chunkCandidates, strength } from './chunk-candidates.js';
import type { Severity } from '../schemas.js';

interface ModelStageOptions {
  readonly llm: LlmClient;
  readonly maxTurns: number;
  readonly maxToolCalls: number;
  /** What is left of the review's model budget. */
  readonly timeoutMs: number;
  /** `model.timeoutMs`: the budget of the review's whole model stage. */
  readonly reviewBudgetMs: number;
  /** Hand the index's candidates for the whole file in the first turn (`model.firstTurnCandidates`). */
  readonly firstTurnCandidates: boolean;
  readonly signal?: AbortSignal;
  /** Configured severity per model-judged rule; 'off' drops its findings. */
  readonly severityOf: (rule: string, proposed: Severity) => Severity | 'off';
  /** The reviewed file's indexed chunks, for searches by symbol name. */
  readonly chunks?: readonly Chunk[];
  /** Least index score of a reviewed chunk and a candidate for a model duplicate between them (`model.minCandidateScore`). */
  readonly minCandidateScore: number;
  /** Hears the model's loading status while the file waits for it. */
  readonly onModelLoading?: (status: string) => void;
  readonly transcript?: TranscriptSink;
}

/** What the run used, and how many duplicate findings no search backed. */
export type ModelStageStats = RunStats & { readonly droppedDuplicates: number };

/** `drafts` of an incomplete stage: what the model found in the parts of a file it did judge. */
type ModelStageResult =
  | { readonly status: 'completed'; readonly drafts: FindingDraft[]; readonly stats: ModelStageStats }
  | {
      readonly status: 'incomplete';
      readonly reason: string;
      readonly affectsEveryFile?: boolean;
      readonly drafts: FindingDraft[];
      readonly stats: ModelStageStats;
    };

// A same-file hit this close is the query's own code, already indexed.
const SELF_MATCH_SCORE = 0.98;
// Names listed when the model asks for a symbol the file does not declare.
const MAX_LISTED_NAMES = 20;
// Candidates handed in with the first turn, best first: enough for a file of many functions, few enough to read.
const MAX_FIRST_TURN_CANDIDATES = 15;

/** Reviews `file` with the model; `known` are findings earlier stages made. */
export async function runModelStage(
  index: CodeIndex | undefined,
  relPath: string,
  file: SourceFile,
  known: readonly FindingDraft[],
  options: ModelStageOptions,
): Promise<ModelStageResult> {
  const chunks = options.chunks ?? [];
  const backing = new SearchBacking();
  const result = await runModelReview({
    llm: options.llm,
    candidates: candidateSource(index, relPath, file, chunks, backing),
    file: { path: relPath, text: file.text },
    declarations: declarationSpans(file),
    maxTurns: options.maxTurns,
    maxToolCalls: options.maxToolCalls,
    timeoutMs: options.timeoutMs,
    reviewBudgetMs: options.reviewBudgetMs,
    firstTurnCandidates: options.firstTurnCandidates,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.transcript ? { transcript: options.transcript } : {}),
    ...(options.onModelLoading ? { onModelLoading: options.onModelLoading } : {}),
  });
  const transcript = new Transcript(relPath, options.transcript);
  const drafts: FindingDraft[] = [];
  let droppedDuplicates = 0;
  for (const finding of result.findings ?? []) {
    const severity = options.severityOf(finding.rule, finding.severity);
    if (severity === 'off') continue;
    const judged = toDraft(finding, severity, chunks, backing, options.minCandidateScore);
    if ('dropped' in judged) {
      droppedDuplicates++;
      transcript.note(`dropped a duplicate finding (${judged.dropped}): ${JSON.stringify(finding)}`);
    } else if (!alreadyKnown(judged.draft, known) && !drafts.some((d) => samePair(d, judged.draft))) drafts.push(judged.draft);
  }
  const stats = statsOf(result, droppedDuplicates);
  if (result.status === 'completed') return { status: 'completed', drafts, stats };
  const { reason, affectsEveryFile } = result;
  return { status: 'incomplete', reason, ...(affectsEveryFile ? { affectsEveryFile } : {}), drafts, stats };
}

/**
 * Where a file too long for one conversation may be cut: between its
 * declarations, and inside a class or a constant (see `DeclarationSpan`).
 */
function declarationSpans(file: SourceFile): DeclarationSpan[] {
  return file.declarations
    .filter((d) => d.kind !== 'parameter')
    .map((d) => ({
      name: d.name,
      startLine: d.startLine,
      endLine: d.endLine,
      divisible: d.kind !== 'function' && d.kind !== 'method' && !d.modifiers.has('functionValue'),
    }));
}

function statsOf(run: RunStats, droppedDuplicates: number): ModelStageStats {
  const { turns, toolCalls, promptTokens, outputTokens, elapsedMs } = run;
  return { turns, toolCalls, promptTokens, outputTokens, elapsedMs, droppedDuplicates };
}

/**
 * What searches for the code of the reviewed file's own chunks returned,
 * by chunk: the only candidates a model duplicate about that chunk may
 * name, with the index's score of each pair.
 */
class SearchBacking {
  private readonly byChunk = new Map<string, Map<string, AgentCandidate>>();

  record(chunk: Chunk, found: readonly AgentCandidate[]): void {
    const shown = this.byChunk.get(chunk.id) ?? new Map<string, AgentCandidate>();
    for (const candidate of found) shown.set(candidate.id, candidate);
    this.byChunk.set(chunk.id, shown);
  }

  of(chunk: Chunk): readonly AgentCandidate[] {
    return [...(this.byChunk.get(chunk.id)?.values() ?? [])];
  }
}

/**
 * The index as the model's tools see it: search by a name declared in the
 * reviewed file or by code, read by id. A search for a reviewed chunk (by
 * its name, or by its own code) is the index's search for that chunk, and
 * its results are recorded in `backing`.
 */
function candidateSource(
  index: CodeIndex | undefined,
  relPath: string,
  file: SourceFile,
  chunks: readonly Chunk[],
  backing: SearchBacking,
): CandidateSource {
  return {
    async search(query, limit) {
      if (!index) return [];
      const searchFor = async (chunk: Chunk): Promise<AgentCandidate[]> => {
        // The chunk's own range is excluded by the index.
        const found = await chunkCandidates(index, chunk, limit);
        backing.record(chunk, found);
        return found;
      };
      if ('symbol' in query) {
        const chunk = namedChunk(chunks, query.symbol);
        if (!chunk) throw new ToolInputError(unknownSymbol(query.symbol, relPath, chunks));
        return searchFor(chunk);
      }
      const own = chunkWithCode(chunks, query.code);
      if (own) return searchFor(own);
      const found = await index.search({ code: query.code, language: file.language }, limit + 1);
      return found.filter((c) => !(c.file === relPath && c.score >= SELF_MATCH_SCORE)).slice(0, limit);
    },
    async read(id) {
      const code = index?.readCode(id);
      return code && { text: code.text, changed: code.changed };
    },
    async overview(perDeclaration, lines) {
      if (!index) return [];
      const best = new Map<string, AgentCandidate>();
      const inScope = lines ? chunks.filter((c) => c.startLine >= lines.startLine && c.startLine <= lines.endLine) : chunks;
      for (const chunk of inScope) {
        // The index's own search for the chunk: what it finds backs a duplicate about that chunk.
        const found = await chunkCandidates(index, chunk, perDeclaration);
        backing.record(chunk, found);
        for (const candidate of found) {
          const known = best.get(candidate.id);
          if (!known || strength(known) < strength(candidate)) best.set(candidate.id, candidate);
        }
      }
      return [...best.values()].sort((a, b) => strength(b) - strength(a)).slice(0, MAX_FIRST_TURN_CANDIDATES);
    },
  };
}

function unknownSymbol(symbol: string, relPath: string, chunks: readonly Chunk[]): string {
  const names = chunks.slice(0, MAX_LISTED_NAMES).map((c) => c.symbol);
  const known = names.length > 0 ? `; searchable names there: ${names.join(', ')}` : '';
  return `No indexed function, method or class named "${symbol}" in ${relPath}${known}. For other code, pass its source as "code"`;
}

/** The reviewed chunk of that name (a method also by its bare name), as the search tool resolves it. */
function namedChunk(chunks: readonly Chunk[], symbol: string): Chunk | undefined {
  return chunks.find((c) => c.symbol === symbol) ?? chunks.find((c) => c.symbol.endsWith(`.${symbol}`));
}

/** The reviewed chunk whose source `code` is, white space and a leading `export` aside. */
function chunkWithCode(chunks: readonly Chunk[], code: string): Chunk | undefined {
  const wanted = comparableCode(code);
  return wanted === '' ? undefined : chunks.find((c) => comparableCode(c.text) === wanted);
}

function comparableCode(code: string): string {
  return code.replace(/\s+/g, ' ').trim().replace(/^export (default )?/, '');
}

/** Two duplicate verdicts about one pair (the same code, the same original), however the model cited it: one finding. */
function samePair(a: FindingDraft, b: FindingDraft): boolean {
  const [x, y] = [a.related?.[0], b.related?.[0]];
  return a.rule === 'duplicate' && b.rule === 'duplicate' && a.symbol === b.symbol && a.line === b.line && x?.file === y?.file && x?.line === y?.line;
}

/** A finding's draft, or why a duplicate finding is dropped. */
type Judged = { readonly draft: FindingDraft } | { readonly dropped: string };

function toDraft(finding: ModelFinding, severity: Severity, chunks: readonly Chunk[], backing: SearchBacking, minScore: number): Judged {
  const base = {
    file: finding.file,
    rule: finding.rule,
    severity,
    source: 'model' as const,
    message: finding.message,
    ...(finding.line !== undefined ? { line: finding.line } : {}),
    ...(finding.symbol !== undefined ? { symbol: finding.symbol } : {}),
  };
  if (finding.rule !== 'duplicate') return { draft: base };
  // Principle 3: the model may judge, not invent; a duplicate needs an original the index returned for this code.
  if (finding.unknownCandidate !== undefined) return { dropped: `it cites ${finding.unknownCandidate}, which names no candidate shown in this review` };
  const scope = chunksInScope(finding, chunks);
  if (finding.symbol !== undefined && scope.length === 0) {
    return { dropped: `${finding.file} has no function, method or class ${finding.symbol}` };
  }
  const pairs = scope.flatMap((chunk) => namedCandidates(finding, backing.of(chunk)).map((original) => ({ chunk, original })));
  if (pairs.length === 0) return { dropped: 'no search for the code it is about returned the code it names' };
  if (new Set(pairs.map((p) => p.original.id)).size > 1) return { dropped: 'it names several candidates' };
  // One original, found for several chunks of a bare finding: the copy is the chunk most like it.
  const { chunk, original } = pairs.reduce((best, pair) => (strength(pair.original) > strength(best.original) ? pair : best));
  // Backed by its shape (model.minCandidateScore) or by what it is about (a rewritten copy's original).
  if (original.score < minScore && (original.evidence ?? 0) < GREY_AGREEMENT) {
    const evidence = original.evidence === undefined ? '' : ` (evidence ${original.evidence}, below ${GREY_AGREEMENT})`;
    return { dropped: `the index scores ${chunk.symbol} and ${original.symbol} ${original.score}, below model.minCandidateScore ${minScore}${evidence}` };
  }
  return {
    draft: {
      ...base,
      line: chunk.startLine,
      endLine: chunk.endLine,
      symbol: chunk.symbol,
      related: [{ file: original.file, line: original.startLine, symbol: original.symbol, score: original.score }],
      suggestion: reuseSuggestion({ symbol: original.symbol, file: original.file, line: original.startLine }),
    },
  };
}

/**
 * The reviewed chunks a finding may be about: the one its symbol names, else
 * the innermost one holding its line, else (the bare form `{rule, severity,
 * message}`) any of the file's.
 */
function chunksInScope(finding: ModelFinding, chunks: readonly Chunk[]): readonly Chunk[] {
  if (finding.symbol !== undefined) {
    const named = namedChunk(chunks, finding.symbol);
    return named ? [named] : [];
  }
  const line = finding.line;
  const holding = line === undefined ? [] : chunks.filter((c) => c.startLine <= line && line <= c.endLine);
  const innermost = holding.sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  return innermost ? [innermost] : chunks;
}

/**
 * The candidates among `shown` a duplicate finding names: by `related` (the
 * one its cited id names, else by file and symbol, else by file and a line
 * inside it), else, without `related` (the seed form `{rule, severity,
 * message}`), by the symbols its message mentions. Never the closest one
 * as a guess.
 */
function namedCandidates(finding: ModelFinding, shown: readonly AgentCandidate[]): AgentCandidate[] {
  const related = finding.related;
  if (!related) return shown.filter((c) => mentions(finding.message, c.symbol));
  if (related.id !== undefined) return shown.filter((c) => c.id === related.id);
  return shown.filter(
    (c) =>
      c.file === related.file &&
      (related.symbol !== undefined ? c.symbol === related.symbol : related.line !== undefined && c.startLine <= related.line && related.line <= c.endLine),
  );
}

/** Whether `text` names `symbol` as a whole word. */
function mentions(text: string, symbol: string): boolean {
  const word = /[\w$]/;
  for (let at = text.indexOf(symbol); at !== -1; at = text.indexOf(symbol, at + 1)) {
    if (!word.test(text[at - 1] ?? '') && !word.test(text[at + symbol.length] ?? '')) return true;
  }
  return false;
}

/** The index already reported this symbol (or the rules already named it): keep the exact finding. */
function alreadyKnown(draft: FindingDraft, known: readonly FindingDraft[]): boolean {
  const sameOriginal = (k: FindingDraft): boolean =>
    k.related?.some((r) => draft.related?.some((d) => d.file === r.file && d.symbol === r.symbol)) ?? false;
  return known.some(
    (k) => k.rule === draft.rule && ((draft.symbol !== undefined && k.symbol === draft.symbol) || sameOriginal(k)),
  );
}
