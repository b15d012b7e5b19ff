/**
 * @fileoverview The shapes every adapter shares, as zod schemas: the
 * review request, a finding, the review result and the configuration.
 * Types come from `z.infer`; the MCP tool, the CLI and JSON output reuse them.
 */
import { z } from 'zod';
import { SEVERITIES } from '../../rules/define-rule.js';

const SeveritySchema = z.enum(SEVERITIES);

/** The stages of one file's review that can fail on their own (see review.ts). */
export const FILE_STAGES = ['index', 'rules', 'model', 'report'] as const;

const FindingSourceSchema = z.enum(['rule', 'index', 'model']);

const RelatedCodeSchema = z.object({
  file: z.string(),
  line: z.number().int().positive().optional(),
  symbol: z.string().optional(),
  score: z.number().min(0).max(1).optional(),
});

/** What a duplicate finding says about its original (see docs/rules/duplicate.md). */
const DuplicateFindingKindSchema = z
  .enum(['copy', 'parametric', 'near', 'reimplementation', 'similar'])
  .describe(
    'For a duplicate from the index: copy (the same code up to names, layout, comments and types), parametric (other literal values), near (a few statements added, removed or rewritten), reimplementation (written differently, about the same things: the same calls, members, types and literals), similar (close, not judged)',
  );

export const FindingSchema = z.object({
  file: z.string().describe('Workspace-relative path of the reviewed file.'),
  line: z.number().int().positive().optional(),
  endLine: z.number().int().positive().optional(),
  rule: z.string().describe('Rule id from the catalog, e.g. max-lines, naming, duplicate.'),
  severity: SeveritySchema,
  message: z.string(),
  source: FindingSourceSchema.describe('Who found it: a deterministic rule, the similarity index or the model.'),
  symbol: z.string().optional(),
  related: z.array(RelatedCodeSchema).optional().describe('Existing code the finding points at.'),
  suggestion: z.string().optional(),
  kind: DuplicateFindingKindSchema.optional(),
  fingerprint: z.string().describe('Stable across runs and line shifts.'),
  omitted: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Set on a summary finding: how many findings of this rule and severity in this file are not listed (maxFindingsPerFile); counts include them.'),
});

const FileStatusSchema = z.object({
  file: z.string(),
  status: z.enum(['reviewed', 'skipped', 'error']),
  /** Why a file was skipped or failed; for a reviewed file, a note on its text (empty, not valid UTF-8). */
  reason: z.string().optional(),
  /** What the model stage did for this file. */
  model: z.enum(['completed', 'incomplete', 'disabled', 'not-run']).optional(),
  /** Set when the duplicate search of this file stopped at its work budget: some candidates were not judged. */
  duplicates: z.literal('incomplete').optional(),
  /**
   * With status `error`: the first stage in which review-guard itself failed
   * on this file (an internal error, not a problem with the input); its other
   * stages still ran, and the other files are unaffected.
   */
  failedStage: z.enum(FILE_STAGES).optional(),
});

/** What the model stage did in one review, over all its files. */
const ModelStageSummarySchema = z.object({
  outcome: z.enum(['ok', 'skipped', 'failed']).describe('ok: every file judged; skipped: the stage is off; failed: see reason.'),
  reason: z.string().optional(),
  /** Which model on which host, when a client was made. */
  model: z.string().optional(),
  /** The prompt file the model was given (models/prompts/<version>.md). */
  promptVersion: z.string(),
  turns: z.number().int(),
  toolCalls: z.number().int(),
  /** Tokens as Ollama counted them (prompt_eval_count, eval_count). */
  promptTokens: z.number().int(),
  outputTokens: z.number().int(),
  elapsedMs: z.number().int(),
  /** Duplicate findings dropped because they named code no search in this review returned. */
  droppedDuplicates: z.number().int(),
});

const ReviewSummarySchema = z.object({
  files: z.array(FileStatusSchema),
  counts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
  durationMs: z.number().int(),
  /** Things to know about this review that are not findings (e.g. the index was rebuilt). */
  notices: z.array(z.string()).optional(),
  model: ModelStageSummarySchema.optional(),
});

export const ReviewResultSchema = z.object({
  findings: z.array(FindingSchema),
  summary: ReviewSummarySchema,
});

export const MAX_FILES_PER_REVIEW = 200;

export const ReviewRequestSchema = z.object({
  files: z
    .array(z.string().min(1, 'a file path must not be empty'))
    .min(1, 'give at least one file to review')
    .max(MAX_FILES_PER_REVIEW, `review at most ${MAX_FILES_PER_REVIEW} files per call`)
    .describe('Paths of the changed source files, absolute or relative to the workspace root.'),
});

export type Severity = z.infer<typeof SeveritySchema>;
export type Finding = z.infer<typeof FindingSchema>;
export type DuplicateFindingKind = z.infer<typeof DuplicateFindingKindSchema>;
export type RelatedCode = z.infer<typeof RelatedCodeSchema>;
export type FileStatus = z.infer<typeof FileStatusSchema>;
export type FileStage = (typeof FILE_STAGES)[number];
export type ModelStageSummary = z.infer<typeof ModelStageSummarySchema>;
export type ReviewResult = z.infer<typeof ReviewResultSchema>;
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;
