/**
 * @fileoverview The review pipeline. All files are read and parsed first
 * (many files on worker threads), then put into the index together (so
 * copies within one batch find each other), then each file goes through
 * rules, index search and the model.
 * The deterministic stages always report; the model stage can only add.
 * An internal error in one file's stage is that file's status (file-failure.ts).
 */
import { type Chunk, type CodeIndex, type FileStat } from '../../indexer/index.js';
import { withLineFeeds } from '../../workspace/index.js';
import { runRules, severityOf } from '../../rules/engine.js';
import { createSourceFiles, languageForPath, type LanguageId } from '../../syntax/index.js';
import { keepInScope, applySuppressions, mayPassScope, type ChangeScope } from './scope/index.js';
import { runContained, type StageContext, countSeverities, ruleDraft, sortFindings, toFindings } from './findings/index.js';
import { duplicateSeverities, similarDraft, searchDuplicates } from './duplicates/index.js';
import { ModelStageTally, pushReviewWarning, reviewWithModel, type ModelBudget } from './model/index.js';
import type { ParsedFile, ReviewDeps } from './review-run.js';
import type { FileStatus, Finding, ReviewRequest, ReviewResult } from './schemas.js';
import { readWorkspaceFile } from './workspace.js';
import { yieldWhenBusy } from './event-loop.js';

/** Reviews every requested file; bad entries are reported per file, never fatal to the batch. */
export async function review(request: ReviewRequest, deps: ReviewDeps): Promise<ReviewResult> {
  const started = Date.now();
  const statuses: FileStatus[] = [];
  const reads: ReadFile[] = [];
  for (const input of request.files) {
    const entry = await readInput(deps, input);
    statuses.push(entry.status);
    if ('text' in entry) reads.push(entry);
  }
  const parsed = await parseAll(reads);

  const index = await indexBatch(deps, parsed);
  if (index) await findDuplicates(deps, index, parsed).catch((error: unknown) => reportIndexFailure(deps, parsed, error));
  const budget: ModelBudget = { tally: new ModelStageTally(), pastDeadline: [], unjudged: [] };
  let saveProblem: string | undefined;
  try {
    for (const [i, entry] of parsed.entries()) {
      // Cancellation is honoured between files; the in-flight model request sees the same signal.
      deps.signal?.throwIfAborted();
      deps.onEvent?.({ type: 'file', file: entry.relPath, index: i, total: parsed.length });
      await yieldWhenBusy();
      await reviewFile(deps, entry, index, budget);
    }
  } finally {
    // Saved once, also when the review is cancelled; a failed save is only a notice.
    if (index && deps.saveIndex !== false) saveProblem = await saveIndex(index);
  }
  const perFile: Finding[][] = [];
  for (const entry of parsed) perFile.push((await runContained(stageContext(deps, entry), 'report', () => finishFile(deps, entry))) ?? []);

  const findings = sortFindings(perFile.flat());
  const counts = countSeverities(findings);
  const notices = [...((await deps.notices?.()) ?? []), ...(saveProblem ? [saveProblem] : [])];
  if (budget.unavailable !== undefined) {
    notices.push(`the model did not judge ${budget.unjudged.length} file(s) (${budget.unjudged.join(', ')}): ${budget.unavailable}`);
  }
  if (budget.pastDeadline.length > 0) {
    notices.push(`the review's time budget ran out before the model judged ${budget.pastDeadline.length} file(s): ${budget.pastDeadline.join(', ')}`);
  }
  const summary = {
    files: statuses,
    counts,
    durationMs: Date.now() - started,
    ...(notices.length ? { notices } : {}),
    ...(parsed.length > 0 ? { model: budget.tally.summary(deps.llm !== undefined) } : {}),
  };
  return { findings, summary };
}

/** A requested file that was read and is a supported source file. */
interface ReadFile {
  readonly relPath: string;
  readonly text: string;
  readonly language: LanguageId;
  readonly status: FileStatus;
  readonly onDisk?: FileStat;
}

async function readInput(deps: ReviewDeps, input: string): Promise<ReadFile | { status: FileStatus }> {
  const read = await readWorkspaceFile(deps.root, input, { maxFileBytes: deps.config.maxFileBytes });
  if (!read.ok) return read.missing ? reviewGivenText(deps, read) : { status: { file: read.relPath, status: read.status, reason: read.reason } };
  const language = languageForPath(read.relPath);
  if (!language) {
    return { status: { file: read.relPath, status: 'skipped', reason: `${read.relPath} is not a supported source file` } };
  }
  const source = deps.sources?.get(read.relPath);
  // The note describes the bytes on disk, not a staged text reviewed instead.
  const note = source === undefined ? read.note : undefined;
  const status: FileStatus = { file: read.relPath, status: 'reviewed', ...(note ? { reason: note } : {}) };
  return { relPath: read.relPath, text: source ?? read.text, language, status, ...(source === undefined ? { onDisk: read.stat } : {}) };
}

/**
 * A file gone from the working tree whose text the caller gave (staged and
 * then deleted: the commit still holds it), else the refusal as it was.
 */
function reviewGivenText(deps: ReviewDeps, refusal: { relPath: string; status: FileStatus['status']; reason: string }): ReadFile | { status: FileStatus } {
  const { relPath } = refusal;
  const text = deps.sources?.get(relPath);
  const language = languageForPath(relPath);
  if (text === undefined || !language) return { status: { file: relPath, status: refusal.status, reason: refusal.reason } };
  return { relPath, text, language, status: { file: relPath, status: 'reviewed', reason: `${relPath} is not in the working tree; its staged text was reviewed` } };
}

/** One file's findings: suppressions, then the diff scope, then fingerprints. */
function finishFile(deps: ReviewDeps, entry: ParsedFile): Finding[] {
  const kept = applySuppressions(entry.file, entry.drafts, severityOf(deps.ruleSettings, 'review'));
  return toFindings(deps.scope ? keepInScope(kept, entry.file, deps.scope) : kept, entry.file.lines);
}

function stageContext(deps: ReviewDeps, entry: ParsedFile): StageContext {
  return { status: entry.status, ...(deps.signal ? { signal: deps.signal } : {}), ...(deps.transcript ? { transcript: deps.transcript } : {}) };
}

/** Parses every read file (many at once on worker threads, see syntax/parse-pool.ts). */
async function parseAll(reads: readonly ReadFile[]): Promise<ParsedFile[]> {
  const parsed: ParsedFile[] = [];
  const jobs = reads.map(({ relPath, text, language }) => ({ path: relPath, text: withLineFeeds(text), language }));
  for await (const file of createSourceFiles(jobs)) {
    await yieldWhenBusy();
    const { relPath, status, onDisk } = reads[parsed.length]!;
    parsed.push({ relPath, file, status, drafts: [], unjudged: [], ...(onDisk ? { onDisk } : {}) });
  }
  return parsed;
}

/**
 * Brings the index up to date and adds the reviewed files from our parse.
 * An index that fails is reported on each file; rules still run. A file the
 * index fails on is that file's failure: the others are still indexed.
 */
async function indexBatch(deps: ReviewDeps, parsed: readonly ParsedFile[]): Promise<CodeIndex | undefined> {
  if (!deps.index || parsed.length === 0) return undefined;
  try {
    const index = await deps.index({ exclude: new Set(parsed.map((p) => p.relPath)) });
    for (const entry of parsed) {
      await yieldWhenBusy();
      const chunks = await runContained(stageContext(deps, entry), 'index', () => {
        deps.onEvent?.({ type: 'stage', file: entry.relPath, stage: 'index' });
        return index.indexSource(entry.relPath, entry.file, entry.onDisk);
      });
      if (chunks) entry.chunks = chunks;
    }
    return index;
  } catch (error) {
    reportIndexFailure(deps, parsed, error);
    return undefined;
  }
}

function reportIndexFailure(deps: ReviewDeps, parsed: readonly ParsedFile[], error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  for (const entry of parsed) pushReviewWarning(deps, entry, 'indexFailed', reason);
}

/** Whether the scope may keep a finding about `chunk`; a scope that fails says so in the file's own report stage. */
function worthSearching(scope: ChangeScope, chunk: Chunk): boolean {
  try {
    return mayPassScope(scope, chunk);
  } catch {
    return true;
  }
}

/** The index stage over the whole batch, so copies among the reviewed files form one group. */
async function findDuplicates(deps: ReviewDeps, index: CodeIndex, parsed: readonly ParsedFile[]): Promise<void> {
  const severities = duplicateSeverities(deps.ruleSettings);
  if (severities.copy === 'off') return;
  const { duplicateThreshold, candidates } = deps.config.index;
  const chunks = parsed.flatMap((p) => p.chunks ?? []);
  deps.onEvent?.({ type: 'duplicates', total: parsed.length });
  const byFile = new Map(parsed.map((p) => [p.relPath, p]));
  const { scope } = deps;
  const searched = scope && ((chunk: Chunk) => worthSearching(scope, chunk));
  const found = await searchDuplicates(index, chunks, { duplicateThreshold, candidates, severities, ...(searched && { searched }) });
  for (const draft of found.drafts) byFile.get(draft.file)?.drafts.push(draft);
  for (const unjudged of found.unjudged) byFile.get(unjudged.chunk.file)?.unjudged.push(unjudged);
  for (const file of found.incomplete) {
    const entry = byFile.get(file);
    if (!entry) continue;
    entry.status.duplicates = 'incomplete';
    pushReviewWarning(deps, entry, 'duplicatesIncomplete', DUPLICATES_INCOMPLETE);
  }
}

const DUPLICATES_INCOMPLETE =
  'its functions took more than the duplicate stage\'s work budget to align with their candidates (very long or machine-made code), so some candidates were not judged; the other findings are complete';

/**
 * Close candidates no stage judged become infos that say why; when the
 * model judged the file, its verdict replaces them (it searched the same index).
 */
function reportUnjudged(deps: ReviewDeps, entry: ParsedFile): void {
  const severity = duplicateSeverities(deps.ruleSettings).similar;
  if (severity === 'off' || entry.status.model === 'completed') return;
  const reason = entry.status.model === 'disabled' ? 'the model stage is off' : 'the model stage did not finish';
  for (const { chunk, candidate } of entry.unjudged) entry.drafts.push(similarDraft(chunk, candidate, severity, reason));
}

/** Rules, then the model; a stage that fails inside marks the file and the next stage still runs. */
async function reviewFile(deps: ReviewDeps, entry: ParsedFile, index: CodeIndex | undefined, budget: ModelBudget): Promise<void> {
  const context = stageContext(deps, entry);
  await runContained(context, 'rules', () => runRuleStage(deps, entry));
  const { llm } = deps;
  if (llm) {
    const model = await runContained(context, 'model', () => reviewWithModel(deps, llm, entry, index, budget));
    // A stage that failed inside did not judge the file: the summary's outcome must not say "ok".
    if (model === undefined) budget.tally.fail(entry.status.reason ?? 'internal error');
    entry.status.model = model ?? 'incomplete';
  } else {
    entry.status.model = 'disabled';
  }
  reportUnjudged(deps, entry);
}

function runRuleStage(deps: ReviewDeps, entry: ParsedFile): void {
  deps.onEvent?.({ type: 'stage', file: entry.relPath, stage: 'rules' });
  for (const result of runRules(entry.file, deps.ruleSettings)) entry.drafts.push(ruleDraft(entry.relPath, result));
}

/**
 * The findings are complete whether or not the index could be written, so a
 * failed save is a notice, not an error; a store left behind is detected by
 * content hash and re-indexed next time.
 */
async function saveIndex(index: CodeIndex): Promise<string | undefined> {
  try {
    await index.save();
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `the similarity index could not be saved (${reason}); the findings are complete, and the next review indexes the changes again`;
  }
}
