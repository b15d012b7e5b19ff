/**
 * @fileoverview The configuration schema: one file, every field defaulted
 * and described. Unknown keys are rejected so a typo is reported instead of
 * ignored. The descriptions are the documentation: they feed the generated
 * JSON Schema (review-guard.schema.json, for editor completion) and the
 * README's option table, and tests keep both in step with this file.
 */
import { z } from 'zod';
import { DEFAULT_MAX_FILE_BYTES, type WalkOptions } from '../../../indexer/index.js';
import { normalizeOllamaHost } from '../../../models/ollama-host.js';
import { SEVERITIES, type RuleMeta } from '../../../rules/define-rule.js';
import { listRules } from '../../../rules/index.js';
import { DEFAULT_MAX_TOOL_CALLS, DEFAULT_MAX_TURNS } from '../model/agent/index.js';
import { DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_NUM_CTX } from '../../../models/model-defaults.js';

export { CONFIG_FILE_NAME, PACKAGE_JSON_KEY } from './names.js';
/** Enough to act on; a crafted file with 100k findings cannot flood a report or a host's context. */
const DEFAULT_MAX_FINDINGS_PER_FILE = 200;

const RuleLevelSchema = z.enum(['off', ...SEVERITIES]);

/**
 * One rule's entry: `"error"`, `["error", {max: 300}]` or `{severity,
 * options}`, as linters accept, with the rule's own options schema, so
 * editors complete each rule's options and a bad option is reported like
 * any other config error.
 */
function ruleSettingSchema(meta: RuleMeta<unknown>) {
  const options = meta.options.optional();
  return z
    .union([RuleLevelSchema, z.tuple([RuleLevelSchema, options]), z.strictObject({ severity: RuleLevelSchema.optional(), options })])
    .describe(`${meta.description.replace(/\.$/, '')}; options in \`docs/rules/${meta.id}.md\``);
}

/** Every rule of the catalog, by id; an unknown id is an unknown key. */
const RulesSchema = z.strictObject(Object.fromEntries(listRules().map((meta) => [meta.id, ruleSettingSchema(meta).optional()])));

/** A neural embedder for the semantic signal; absent: structural only. */
const SemanticConfigSchema = z
  .discriminatedUnion('provider', [
    z.strictObject({
      provider: z.literal('transformers').describe('Run a transformers.js ONNX model in-process'),
      model: z.string().min(1).describe('Model id, also its folder under `modelDir` (e.g. `Xenova/all-MiniLM-L6-v2`)'),
      modelDir: z.string().min(1).default('.review-guard/models').describe('Folder holding local models, relative to the workspace root or absolute'),
      quantized: z.boolean().default(false).describe('Use `onnx/model_quantized.onnx` instead of `onnx/model.onnx`'),
      allowDownload: z.boolean().default(false).describe('Fetch missing weights from the Hugging Face hub into `modelDir` (never implicit)'),
    }),
    z.strictObject({
      provider: z.literal('ollama').describe('Embed through Ollama `/api/embed`'),
      model: z.string().min(1).describe('An embedding model pulled into Ollama, e.g. `nomic-embed-text`'),
      host: hostSchema().optional().describe('Ollama address for embeddings; default `model.host`, then `OLLAMA_HOST`'),
    }),
  ])
  .describe('A neural embedder for a second, semantic signal fused with the structural one; absent: structural only');

const IndexConfigSchema = z.strictObject({
  enabled: z.boolean().default(true).describe('The similarity index and its `duplicate` findings'),
  duplicateThreshold: z
    .number()
    .min(0.5)
    .max(1)
    .default(0.8)
    .describe(
      'Structural score from which a candidate that is no copy, parametric copy or near copy is still reported: judged by the model, or without it an info ("similar, not judged"; see docs/rules/duplicate.md)',
    ),
  candidates: z.number().int().min(1).max(50).default(5).describe('Candidates the index proposes per function or class'),
  include: z
    .array(z.string().min(1))
    .default([])
    .describe('Gitignore-style globs, relative to the root: only these files are indexed (empty: all source files)'),
  exclude: z
    .array(z.string().min(1))
    .default([])
    .describe('Gitignore-style globs of files never indexed, on top of node_modules, build output, hidden folders, .d.ts and generated files'),
  gitignore: z.boolean().default(true).describe('Respect .gitignore files'),
  minLines: z.number().int().min(1).default(3).describe('Functions and classes with fewer code lines are not indexed'),
  minTokens: z.number().int().min(1).default(20).describe('Functions and classes with fewer normalised tokens are not indexed'),
  semantic: SemanticConfigSchema.optional(),
});

const ModelConfigSchema = z.strictObject({
  $comment: z.string().optional().describe('A note for people reading the file (`init` says here how to turn the model stage on); ignored by review-guard'),
  enabled: z.boolean().default(true).describe('The model stage (Ollama chat); off: rules and index only'),
  host: hostSchema().optional().describe('Ollama address (URL, host or host:port); default `OLLAMA_HOST`, else http://127.0.0.1:11434'),
  allowRemoteHost: z
    .boolean()
    .default(false)
    .describe('Send code to an Ollama host off this machine (chat and the Ollama embedder); loopback only unless true'),
  model: z.string().min(1).default('qwen3-coder:30b').describe('Chat model; pull it with `ollama pull <model>`'),
  maxTurns: z.number().int().min(1).max(20).default(DEFAULT_MAX_TURNS).describe('Turns of the tool loop before it gives up'),
  maxToolCalls: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(DEFAULT_MAX_TOOL_CALLS)
    .describe('Tool calls (valid or not) the model may make per reviewed file'),
  // 0.6 (indexer/vectors/scores.ts): unrelated code scores below ~0.4 and the same shape touching other
  // fields ~0.58, while copies with edits score 0.8 and up; the model judges the band in between.
  minCandidateScore: z
    .number()
    .min(0)
    .max(1)
    .default(0.6)
    .describe(
      'Least structural score of a function and a search candidate for a model-reported duplicate between them (below: dropped and counted); see docs/rules/duplicate.md',
    ),
  retries: z
    .number()
    .int()
    .min(0)
    .max(5)
    .default(2)
    .describe('Further attempts of a chat request after a transient failure (connection reset, timeout, HTTP 502/503/504); never after a refused connection, an HTTP 500 (the file\'s own retry handles it) or a 4xx'),
  timeoutMs: z
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(45_000)
    .describe('Time budget for the whole model stage of one review (hosts time out at about 60 s)'),
  requestTimeoutMs: z.number().int().min(1000).max(600_000).default(30_000).describe('Longest silence within one chat turn: Ollama streams the answer, so a model still writing is alive; model.timeoutMs bounds the whole review'),
  maxConcurrent: z
    .number()
    .int()
    .min(1)
    .max(32)
    .default(2)
    .describe('Chat requests this process runs at once, across all reviews (a local model answers one or two at a time)'),
  maxQueued: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(16)
    .describe('Chat requests that may wait for a free slot; beyond that a file\'s model stage ends at once as "the model is busy" (rule and index findings are still reported)'),
  temperature: z.number().min(0).max(2).default(0).describe('Sampling temperature passed to Ollama'),
  numCtx: z
    .number()
    .int()
    .min(2048)
    .max(1_048_576)
    .default(DEFAULT_NUM_CTX)
    .describe(
      "Context window in tokens, sent as `num_ctx` with every request and capped at the model's own context length (Ollama's /api/show); " +
        "without it Ollama uses 2048–4096 and silently cuts longer prompts from the front. A file too long for it is reviewed in parts cut at its declarations; what fits no part is reported as not seen by the model",
    ),
  keepAlive: z
    .string()
    .default('30m')
    .describe('How long Ollama keeps the model loaded after a request, e.g. "10m" (a 30B model takes tens of seconds to load again)'),
  loadTimeoutMs: z
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(DEFAULT_LOAD_TIMEOUT_MS)
    .describe(
      'Limit for loading the model into memory, in the background and apart from requestTimeoutMs and the retries; a review whose budget ends first says the model is loading',
    ),
  firstTurnCandidates: z
    .boolean()
    .default(true)
    .describe("Hand the model the index's candidates for every function of the file in the first turn (one round), instead of leaving every search to its tool calls"),
});

/** The Claude Code hook (`review-guard hook claude-code`): fast by default. */
const HookConfigSchema = z.strictObject({
  model: z.boolean().default(false).describe("Run the model stage in the edit hooks too (slower; the hook's own timeout is 60 s)"),
  block: z
    .array(z.enum(['copy', 'parametric', 'near', 'reimplementation']))
    .default(['copy', 'parametric', 'near'])
    .describe('Duplicate kinds the before-edit hook (Claude Code PreToolUse, Gemini CLI BeforeTool) stops before they are written, naming the original; [] lets every edit through. Rule findings never block, nor does a failure of the hook itself'),
});

/** The warm process the hook and the CLI reach over a local socket (src/cli/daemon/). */
const DaemonConfigSchema = z.strictObject({
  idleSeconds: z
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(1800)
    .describe('The background review process lets this workspace go after this many seconds without a request, and ends once it holds no workspace (the next hook or CLI call starts it again); REVIEW_GUARD_DAEMON=off never starts it'),
});

/** How the MCP server serves `review_code`: hosts time a call out at about 60 s. */
const McpConfigSchema = z.strictObject({
  timeBudgetMs: z
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(50_000)
    .describe('Budget for one synchronous review_code call (hosts time out at about 60 s); then the model judges no more files'),
  taskThreshold: z
    .number()
    .int()
    .min(0)
    .max(200)
    .default(3)
    .describe('More files than this become a task when the request declares the io.modelcontextprotocol/tasks extension'),
  taskTtlMs: z.number().int().min(1000).max(86_400_000).default(600_000).describe('How long a finished or abandoned task is kept'),
  taskPollIntervalMs: z.number().int().min(100).max(60_000).default(1000).describe('Polling interval suggested to clients for tasks/get'),
  maxTasks: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(16)
    .describe('Tasks (reviews, index refreshes) that may run at once per server process; one more is refused with "the server is busy" until one finishes'),
  maxConnections: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(64)
    .describe('`serve --http`: connections open at once; a request on one more is answered 503 with Retry-After (read when the server starts)'),
});

export const ConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path or URL of review-guard.schema.json, for editor completion; ignored by review-guard'),
    rules: RulesSchema.default({}).describe(
      'Rule id → a level ("off", "info", "warning" or "error"), [level, options] or {"severity": level, "options": {…}}; unlisted rules keep their default',
    ),
    maxFileBytes: z
      .number()
      .int()
      .min(1024)
      .default(DEFAULT_MAX_FILE_BYTES)
      .describe('Files larger than this are neither reviewed nor indexed'),
    maxFindingsPerFile: z
      .number()
      .int()
      .min(1)
      .default(DEFAULT_MAX_FINDINGS_PER_FILE)
      .describe(
        'At most this many findings are listed per file, the most severe first; the rest become one finding per rule that keeps their count and severity',
      ),
    index: IndexConfigSchema.default(IndexConfigSchema.parse({})).describe('The similarity index'),
    model: ModelConfigSchema.default(ModelConfigSchema.parse({})).describe('The local model (Ollama)'),
    mcp: McpConfigSchema.default(McpConfigSchema.parse({})).describe('The MCP server: time budget, tasks and connections'),
    hook: HookConfigSchema.default(HookConfigSchema.parse({})).describe('The edit hooks: after an edit (Claude Code PostToolUse, Gemini CLI AfterTool) and before one (PreToolUse, BeforeTool)'),
    daemon: DaemonConfigSchema.default(DaemonConfigSchema.parse({})).describe('The background review process behind the hook, review and index'),
  })
  .describe('review-guard configuration (review-guard.config.json, or "reviewGuard" in package.json)');

export type Config = z.infer<typeof ConfigSchema>;
export type SemanticConfig = z.infer<typeof SemanticConfigSchema>;
export type McpConfig = z.infer<typeof McpConfigSchema>;
/** A rule's entry as written in the config file (normalised by the loader). */
export type RuleLevelSetting = z.infer<ReturnType<typeof ruleSettingSchema>>;

/** The files a config selects: for the index, and for every other walk of the workspace (baseline, doctor). */
export function fileSelectionOf(config: Config): WalkOptions {
  const { include, exclude, gitignore } = config.index;
  return { maxFileBytes: config.maxFileBytes, include, exclude, gitignore };
}

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
