/**
 * @fileoverview The configuration schema: one file, every field defaulted.
 * Unknown keys are rejected so a typo is reported instead of ignored.
 */
import { z } from 'zod';
import { DEFAULT_MAX_FILE_BYTES } from '../../indexer/index.js';
import { normalizeOllamaHost } from '../../models/ollama-host.js';
import { SEVERITIES } from '../../rules/define-rule.js';
import { DEFAULT_MAX_TURNS } from './agent/index.js';

export const CONFIG_FILE_NAME = 'review-guard.config.json';

const RuleLevelSchema = z.enum(['off', ...SEVERITIES]);

/** `"error"`, `["error", {max: 300}]` or `{severity, options}`, as linters accept. */
const RuleSettingSchema = z.union([
  RuleLevelSchema,
  z.tuple([RuleLevelSchema]).rest(z.unknown()),
  z.strictObject({ severity: RuleLevelSchema.optional(), options: z.unknown().optional() }),
]);

/** A neural embedder for the semantic signal; absent: structural only. */
const SemanticConfigSchema = z.discriminatedUnion('provider', [
  z.strictObject({
    provider: z.literal('transformers'),
    /** Model id, a folder under `modelDir` (e.g. `jinaai/jina-embeddings-v2-base-code`). */
    model: z.string().min(1),
    /** Where local models live, relative to the workspace root or absolute. */
    modelDir: z.string().min(1).default('.review-guard/models'),
    quantized: z.boolean().default(false),
    /** Fetch missing weights from the Hugging Face hub; never implicit. */
    allowDownload: z.boolean().default(false),
  }),
  z.strictObject({
    provider: z.literal('ollama'),
    model: z.string().min(1),
    /** Defaults to `model.host`, then OLLAMA_HOST. */
    host: hostSchema().optional(),
  }),
]);

const IndexConfigSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** Structural score at or above which a match is reported without the model (see docs/rules/duplicate.md). */
  duplicateThreshold: z.number().min(0.5).max(1).default(0.95),
  /** Candidates the index proposes per chunk. */
  candidates: z.number().int().min(1).max(50).default(5),
  /** Gitignore-style globs, relative to the root: only these files (empty: all source files). */
  include: z.array(z.string().min(1)).default([]),
  /** Gitignore-style globs of files never indexed, on top of node_modules, build output, .d.ts and generated files. */
  exclude: z.array(z.string().min(1)).default([]),
  /** Respect .gitignore files. */
  gitignore: z.boolean().default(true),
  /** Functions and classes with fewer code lines or normalised tokens are not indexed. */
  minLines: z.number().int().min(1).default(3),
  minTokens: z.number().int().min(1).default(20),
  semantic: SemanticConfigSchema.optional(),
});

const ModelConfigSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** Ollama address (URL, host or host:port); when absent, OLLAMA_HOST, then http://127.0.0.1:11434. */
  host: hostSchema().optional(),
  model: z.string().min(1).default('qwen3-coder:30b'),
  maxTurns: z.number().int().min(1).max(20).default(DEFAULT_MAX_TURNS),
  /** Budget for the whole model stage of one review. */
  timeoutMs: z.number().int().min(1000).max(600_000).default(45_000),
  /** Budget for one chat request. */
  requestTimeoutMs: z.number().int().min(1000).max(600_000).default(30_000),
  temperature: z.number().min(0).max(2).default(0),
  numCtx: z.number().int().min(2048).optional(),
  keepAlive: z.string().optional(),
});

/** The Claude Code hook (`review-guard hook claude-code`): fast by default. */
const HookConfigSchema = z.strictObject({
  /** Run the model stage in the hook too (slower; the hook's own timeout is 60 s). */
  model: z.boolean().default(false),
});

export const ConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  rules: z.record(z.string(), RuleSettingSchema).default({}),
  /** Files larger than this are not reviewed or indexed. */
  maxFileBytes: z.number().int().min(1024).default(DEFAULT_MAX_FILE_BYTES),
  index: IndexConfigSchema.default(IndexConfigSchema.parse({})),
  model: ModelConfigSchema.default(ModelConfigSchema.parse({})),
  hook: HookConfigSchema.default(HookConfigSchema.parse({})),
});

export type Config = z.infer<typeof ConfigSchema>;
export type SemanticConfig = z.infer<typeof SemanticConfigSchema>;
/** A rule's entry as written in the config file (normalised by the loader). */
export type RuleLevelSetting = z.infer<typeof RuleSettingSchema>;

function hostSchema() {
  return z.string().refine(isValidHost, 'expected an Ollama address such as http://127.0.0.1:11434, 127.0.0.1:11434 or myhost');
}

function isValidHost(value: string): boolean {
  try {
    normalizeOllamaHost(value, 'config');
    return true;
  } catch {
    return false;
  }
}
