/**
 * @fileoverview The model stage: run the bounded reviewer loop for one file
 * and keep only findings it may make. The model judges candidates the index
 * returned; a duplicate naming code no search in this review returned is
 * dropped (and counted), and a finding that repeats one of the deterministic
 * stages is merged into it.
 */
import type { Chunk, CodeIndex } from '../../indexer/index.js';
import type { LlmClient } from '../../models/llm-client.js';
import type { SourceFile } from '../../syntax/index.js';
import {
  runModelReview,
  ToolInputError,
  Transcript,
  type AgentCandidate,
  type CandidateSource,
  type ModelFinding,
  type RunStats,
  type TranscriptSink,
} from './agent/index.js';
import { reuseSuggestion, type FindingDraft } from './findings.js';
import type { Severity } from './schemas.js';

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
  /** Hears the model's loading status while the file waits for it. */
  readonly onModelLoading?: (status: string) => void;
  readonly transcript?: TranscriptSink;
}

/** What the run used, and how many duplicate findings named code no search returned. */
export type ModelStageStats = Omit<RunStats, 'seenCandidates'> & { readonly droppedDuplicates: number };

type ModelStageResult =
  | { readonly status: 'completed'; readonly drafts: FindingDraft[]; readonly stats: ModelStageStats }
  | { readonly status: 'incomplete'; readonly reason: string; readonly affectsEveryFile?: boolean; readonly stats: ModelStageStats };

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
  const result = await runModelReview({
    llm: options.llm,
    candidates: candidateSource(index, relPath, file, options.chunks ?? []),
    file: { path: relPath, text: file.text },
    maxTurns: options.maxTurns,
    maxToolCalls: options.maxToolCalls,
    timeoutMs: options.timeoutMs,
    reviewBudgetMs: options.reviewBudgetMs,
    firstTurnCandidates: options.firstTurnCandidates,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.transcript ? { transcript: options.transcript } : {}),
    ...(options.onModelLoading ? { onModelLoading: options.onModelLoading } : {}),
  });
  if (result.status === 'incomplete') {
    const { reason, affectsEveryFile } = result;
    return { status: 'incomplete', reason, ...(affectsEveryFile ? { affectsEveryFile } : {}), stats: statsOf(result, 0) };
  }
  const transcript = new Transcript(relPath, options.transcript);
  const drafts: FindingDraft[] = [];
  let droppedDuplicates = 0;
  for (const finding of result.findings) {
    const severity = options.severityOf(finding.rule, finding.severity);
    if (severity === 'off') continue;
    const draft = toDraft(finding, severity, result.seenCandidates);
    if (!draft) {
      droppedDuplicates++;
      transcript.note(`dropped a duplicate finding that names no candidate a search returned: ${JSON.stringify(finding)}`);
    } else if (!alreadyKnown(draft, known)) drafts.push(draft);
  }
  return { status: 'completed', drafts, stats: statsOf(result, droppedDuplicates) };
}

function statsOf(run: RunStats, droppedDuplicates: number): ModelStageStats {
  const { turns, toolCalls, promptTokens, outputTokens, elapsedMs } = run;
  return { turns, toolCalls, promptTokens, outputTokens, elapsedMs, droppedDuplicates };
}

/** The index as the model's tools see it: search by code or by a name declared in the reviewed file, read by id. */
function candidateSource(index: CodeIndex | undefined, relPath: string, file: SourceFile, chunks: readonly Chunk[]): CandidateSource {
  return {
    async search(query, limit) {
      if (!index) return [];
      if ('symbol' in query) {
        const chunk = chunks.find((c) => c.symbol === query.symbol) ?? chunks.find((c) => c.symbol.endsWith(`.${query.symbol}`));
        if (!chunk) throw new ToolInputError(unknownSymbol(query.symbol, relPath, chunks));
        // The chunk's own range is excluded by the index.
        return index.search({ chunk }, limit);
      }
      const found = await index.search({ code: query.code, language: file.language }, limit + 1);
      return found.filter((c) => !(c.file === relPath && c.score >= SELF_MATCH_SCORE)).slice(0, limit);
    },
    async read(id) {
      const code = index?.readCode(id);
      return code && { text: code.text, changed: code.changed };
    },
    async overview(perDeclaration) {
      if (!index) return [];
      const best = new Map<string, AgentCandidate>();
      for (const chunk of chunks) {
        for (const candidate of await index.search({ chunk }, perDeclaration)) {
          if ((best.get(candidate.id)?.score ?? -1) < candidate.score) best.set(candidate.id, candidate);
        }
      }
      return [...best.values()].sort((a, b) => b.score - a.score).slice(0, MAX_FIRST_TURN_CANDIDATES);
    },
  };
}

function unknownSymbol(symbol: string, relPath: string, chunks: readonly Chunk[]): string {
  const names = chunks.slice(0, MAX_LISTED_NAMES).map((c) => c.symbol);
  const known = names.length > 0 ? `; searchable names there: ${names.join(', ')}` : '';
  return `No indexed function, method or class named "${symbol}" in ${relPath}${known}. For other code, pass its source as "code"`;
}

/** A draft, or undefined for a duplicate that names no candidate the model was shown. */
function toDraft(finding: ModelFinding, severity: Severity, seen: readonly AgentCandidate[]): FindingDraft | undefined {
  const base = {
    file: finding.file,
    rule: finding.rule,
    severity,
    source: 'model' as const,
    message: finding.message,
    ...(finding.line !== undefined ? { line: finding.line } : {}),
    ...(finding.symbol !== undefined ? { symbol: finding.symbol } : {}),
  };
  if (finding.rule !== 'duplicate') return base;
  const original = matchCandidate(finding, seen);
  // Principle 3: the model may judge, not invent; a duplicate needs an original the index returned.
  if (!original) return undefined;
  return {
    ...base,
    related: [{ file: original.file, line: original.startLine, symbol: original.symbol, score: original.score }],
    suggestion: reuseSuggestion({ symbol: original.symbol, file: original.file, line: original.startLine }),
  };
}

/**
 * The candidate a duplicate finding is about: the one it names, else the one
 * its message mentions, else — for answers in the bare seed form
 * `{rule, severity, message}` — the closest candidate the model was shown.
 */
function matchCandidate(finding: ModelFinding, seen: readonly AgentCandidate[]): AgentCandidate | undefined {
  const related = finding.related;
  if (related?.symbol !== undefined || related?.file !== undefined) {
    return seen.find((c) => (related.symbol === undefined || c.symbol === related.symbol) && (related.file === undefined || c.file === related.file));
  }
  const mentioned = seen.find((c) => finding.message.includes(c.symbol));
  if (mentioned) return mentioned;
  return [...seen].sort((a, b) => b.score - a.score)[0];
}

/** The index already reported this symbol (or the rules already named it): keep the exact finding. */
function alreadyKnown(draft: FindingDraft, known: readonly FindingDraft[]): boolean {
  const sameOriginal = (k: FindingDraft): boolean =>
    k.related?.some((r) => draft.related?.some((d) => d.file === r.file && d.symbol === r.symbol)) ?? false;
  return known.some(
    (k) => k.rule === draft.rule && ((draft.symbol !== undefined && k.symbol === draft.symbol) || sameOriginal(k)),
  );
}
