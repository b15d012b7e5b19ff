/**
 * @fileoverview The review pipeline: for each file, rules, then the index,
 * then the model, merged into one result. The deterministic stages always
 * run and always report; the model stage can only add to them.
 */
import type { CodeIndex } from '../../indexer/index.js';
import type { LlmClient } from '../../models/llm-client.js';
import { getRule } from '../../rules/index.js';
import { runRules, type RuleSettings } from '../../rules/engine.js';
import { createSourceFile, languageForPath } from '../../syntax/index.js';
import type { Config } from './config-schema.js';
import { catalogMessage, sortFindings, toFinding, type FindingDraft } from './findings.js';
import { runIndexStage } from './index-stage.js';
import { runModelStage } from './model-stage.js';
import type { FileStatus, Finding, ReviewRequest, ReviewResult, Severity } from './schemas.js';
import { readWorkspaceFile } from './workspace.js';

/** What the pipeline reports while it works, for progress and task status. */
export type ReviewEvent =
  | { readonly type: 'file'; readonly file: string; readonly index: number; readonly total: number }
  | { readonly type: 'stage'; readonly file: string; readonly stage: 'rules' | 'index' | 'model' };

export interface ReviewDeps {
  readonly root: string;
  readonly config: Config;
  readonly ruleSettings: RuleSettings;
  /** Opens (or returns) an up-to-date index; absent when the index is disabled. */
  readonly index?: () => Promise<CodeIndex>;
  /** Absent when the model stage is disabled. */
  readonly llm?: LlmClient;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: ReviewEvent) => void;
}

/** Reviews every requested file; bad entries are reported per file, never fatal to the batch. */
export async function review(request: ReviewRequest, deps: ReviewDeps): Promise<ReviewResult> {
  const started = Date.now();
  const findings: Finding[] = [];
  const statuses: FileStatus[] = [];
  const model = { deadline: started + deps.config.model.timeoutMs, unavailable: undefined as string | undefined };
  let index: CodeIndex | undefined;

  for (const [i, input] of request.files.entries()) {
    deps.onEvent?.({ type: 'file', file: input, index: i, total: request.files.length });
    const read = await readWorkspaceFile(deps.root, input, { maxFileBytes: deps.config.maxFileBytes });
    if (!read.ok) {
      statuses.push({ file: read.relPath, status: read.status, reason: read.reason });
      continue;
    }
    const language = languageForPath(read.relPath);
    if (!language) {
      statuses.push({ file: read.relPath, status: 'skipped', reason: `${read.relPath} is not a supported source file` });
      continue;
    }
    const file = createSourceFile(read.relPath, read.text, language);
    const drafts: FindingDraft[] = [];

    deps.onEvent?.({ type: 'stage', file: read.relPath, stage: 'rules' });
    for (const result of runRules(file, deps.ruleSettings)) {
      drafts.push({ ...result, file: read.relPath, rule: result.ruleId, source: 'rule' });
    }

    if (deps.index) {
      deps.onEvent?.({ type: 'stage', file: read.relPath, stage: 'index' });
      index ??= await deps.index();
      const stage = await runIndexStage(index, read.relPath, file, {
        duplicateThreshold: deps.config.index.duplicateThreshold,
        candidates: deps.config.index.candidates,
        severity: severityFor(deps.ruleSettings, 'duplicate'),
      });
      drafts.push(...stage.drafts);
    }

    let modelStatus: FileStatus['model'] = 'disabled';
    if (deps.llm) {
      modelStatus = await reviewWithModel(deps, deps.llm, index, read.relPath, file, drafts, model);
    }
    findings.push(...drafts.map((d) => toFinding(d, file.lines)));
    statuses.push({ file: read.relPath, status: 'reviewed', model: modelStatus });
  }
  return { findings: sortFindings(findings), summary: summarize(findings, statuses, started) };
}

async function reviewWithModel(
  deps: ReviewDeps,
  llm: LlmClient,
  index: CodeIndex | undefined,
  relPath: string,
  file: ReturnType<typeof createSourceFile>,
  drafts: FindingDraft[],
  model: { deadline: number; unavailable: string | undefined },
): Promise<FileStatus['model']> {
  const remaining = model.deadline - Date.now();
  // One unreachable model is reported once per file without asking it again.
  const skipReason = model.unavailable ?? (remaining <= 0 ? 'the model stage used up its time budget (model.timeoutMs)' : undefined);
  if (skipReason) {
    drafts.push(incompleteDraft(relPath, skipReason));
    return 'incomplete';
  }
  deps.onEvent?.({ type: 'stage', file: relPath, stage: 'model' });
  const outcome = await runModelStage(index, relPath, file, drafts, {
    llm,
    maxTurns: deps.config.model.maxTurns,
    timeoutMs: remaining,
    ...(deps.signal ? { signal: deps.signal } : {}),
    severityOf: (rule, proposed) => severityFor(deps.ruleSettings, rule, proposed),
  });
  if (outcome.status === 'completed') {
    drafts.push(...outcome.drafts);
    return 'completed';
  }
  // Unreachable or refusing (e.g. model not pulled): asking again for the next file would only repeat it.
  if (outcome.cause === 'unreachable' || outcome.cause === 'http') model.unavailable = outcome.reason;
  drafts.push(incompleteDraft(relPath, outcome.reason));
  return 'incomplete';
}

function incompleteDraft(relPath: string, reason: string): FindingDraft {
  return {
    file: relPath,
    rule: 'review',
    severity: 'warning',
    source: 'model',
    message: catalogMessage('review', 'incomplete', { reason }),
  };
}

/** The configured severity of a rule, else the model's proposal, else the catalog default. */
function severityFor(settings: RuleSettings, ruleId: string, proposed?: Severity): Severity | 'off' {
  const configured = settings[ruleId]?.severity;
  if (configured) return configured;
  return proposed ?? getRule(ruleId)?.meta.defaultSeverity ?? 'warning';
}

function summarize(findings: readonly Finding[], files: FileStatus[], started: number): ReviewResult['summary'] {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return { files, counts, durationMs: Date.now() - started };
}
