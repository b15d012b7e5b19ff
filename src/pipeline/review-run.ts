/**
 * @fileoverview The shapes of one review run: what the pipeline is given
 * (`ReviewDeps`), what it reports while it works (`ReviewEvent`) and a file
 * read and parsed for the stages (`ParsedFile`). Apart from review.ts so the
 * model stage can take them without importing the pipeline that calls it.
 */
import type { Chunk, CodeIndex, FileStat } from '../../indexer/index.js';
import type { LlmClient } from '../../models/llm-client.js';
import type { RuleSettings } from '../../rules/engine.js';
import type { SourceFile } from '../../syntax/index.js';
import type { Config } from './config/index.js';
import type { ChangeScope } from './scope/index.js';
import type { FindingDraft } from './findings/index.js';
import type { TranscriptSink } from './model/agent/index.js';
import type { UnjudgedDuplicate } from './duplicates/index.js';
import type { FileStatus } from './schemas.js';

/** What the pipeline reports while it works, for progress and task status. */
export type ReviewEvent =
  | { readonly type: 'file'; readonly file: string; readonly index: number; readonly total: number }
  | { readonly type: 'stage'; readonly file: string; readonly stage: 'rules' | 'index' | 'model' }
  | { readonly type: 'model-loading'; readonly file: string; readonly status: string }
  | { readonly type: 'duplicates'; readonly total: number };

/** Opens an up-to-date index; `exclude` are files the caller indexes from its own parse. */
export type IndexOpener = (options: { readonly exclude: ReadonlySet<string> }) => Promise<CodeIndex>;

export interface ReviewDeps {
  readonly root: string;
  readonly config: Config;
  readonly ruleSettings: RuleSettings;
  /** Absent when the index is disabled. */
  readonly index?: IndexOpener;
  /** Absent when the model stage is disabled; called once, on first use (may load the client lazily). */
  readonly llm?: () => LlmClient | Promise<LlmClient>;
  /** Aborting stops the review at the next file boundary and aborts the in-flight model request. */
  readonly signal?: AbortSignal;
  /** Epoch ms after which the model judges no more files (a host's call timeout); rules and index still report. */
  readonly deadline?: number;
  readonly onEvent?: (event: ReviewEvent) => void;
  /** What the caller wants the user to know about this review (index rebuilt, embedder missing). */
  readonly notices?: () => Promise<readonly string[]>;
  /** Receives the model transcript (CLI `--verbose`, the debug log). */
  readonly transcript?: TranscriptSink;
  /** Text to review instead of the file on disk, by workspace-relative path (e.g. the staged version). */
  readonly sources?: ReadonlyMap<string, string>;
  /** Diff-only: keep the findings about these changed lines (see diff-scope.ts); absent: every finding. */
  readonly scope?: ChangeScope;
  /** false leaves the index unsaved: a long-lived owner saves it when quiet (ServiceOptions.deferSaves). */
  readonly saveIndex?: boolean;
}

export interface ParsedFile {
  readonly relPath: string;
  readonly file: SourceFile;
  readonly status: FileStatus;
  readonly drafts: FindingDraft[];
  /** Close candidates the index stage left to the model (see index-stage.ts). */
  readonly unjudged: UnjudgedDuplicate[];
  /** Set when the reviewed text is the file on disk (not a staged blob). */
  readonly onDisk?: FileStat;
  chunks?: readonly Chunk[];
}

