/**
 * @fileoverview The model stage: run the bounded reviewer loop for one file
 * and keep only findings it may make. The model judges candidates the index
 * returned; a duplicate naming code the index never showed it is dropped.
 */
import type { CodeIndex } from '../../indexer/index.js';
import type { ModelErrorKind } from '../../models/errors.js';
import type { LlmClient } from '../../models/llm-client.js';
import type { SourceFile } from '../../syntax/index.js';
import { runModelReview, type AgentCandidate, type CandidateSource, type ModelFinding } from './agent/index.js';
import { reuseSuggestion, type FindingDraft } from './findings.js';
import type { Severity } from './schemas.js';

export interface ModelStageOptions {
  readonly llm: LlmClient;
  readonly maxTurns: number;
  /** What is left of the review's model budget. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Configured severity per model-judged rule; 'off' drops its findings. */
  readonly severityOf: (rule: string, proposed: Severity) => Severity | 'off';
}

export type ModelStageResult =
  | { readonly status: 'completed'; readonly drafts: FindingDraft[] }
  | { readonly status: 'incomplete'; readonly reason: string; readonly cause?: ModelErrorKind };

// A same-file hit this close is the query's own code, already indexed.
const SELF_MATCH_SCORE = 0.98;

/** Reviews `file` with the model; `known` are findings earlier stages made. */
export async function runModelStage(
  index: CodeIndex | undefined,
  relPath: string,
  file: SourceFile,
  known: readonly FindingDraft[],
  options: ModelStageOptions,
): Promise<ModelStageResult> {
  const candidates: CandidateSource = {
    async search(code, limit) {
      if (!index) return [];
      const found = await index.search({ code, language: file.language }, limit + 1);
      return found.filter((c) => !(c.file === relPath && c.score >= SELF_MATCH_SCORE)).slice(0, limit);
    },
  };
  const result = await runModelReview({
    llm: options.llm,
    candidates,
    file: { path: relPath, text: file.text },
    maxTurns: options.maxTurns,
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (result.status === 'incomplete') {
    return { status: 'incomplete', reason: result.reason, ...(result.cause ? { cause: result.cause } : {}) };
  }
  const drafts: FindingDraft[] = [];
  for (const finding of result.findings) {
    const draft = toDraft(finding, relPath, result.seenCandidates, options);
    if (draft && !alreadyKnown(draft, known)) drafts.push(draft);
  }
  return { status: 'completed', drafts };
}

function toDraft(
  finding: ModelFinding,
  relPath: string,
  seen: readonly AgentCandidate[],
  options: ModelStageOptions,
): FindingDraft | undefined {
  const severity = options.severityOf(finding.rule, finding.severity);
  if (severity === 'off') return undefined;
  const base = {
    file: relPath,
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
