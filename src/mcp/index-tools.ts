/**
 * @fileoverview Tools for the host agent itself, beside review_code:
 * `search_similar_code` ("before you write a helper, check whether it
 * exists"), `index_status` (what the index holds and when it was last
 * brought up to date) and `refresh_index` (a task when the request declares
 * the Tasks extension: a refresh walks the whole workspace).
 */
import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { LANGUAGE_IDS } from '../../syntax/index.js';
import type { ReviewService } from '../pipeline/index.js';
import type { ProgressStep } from './progress.js';
import { progressNotifier } from './progress-notifier.js';
import { declaresTasks } from './request-capabilities.js';
import { taskSettingsOf, type TaskManager } from './tasks/index.js';
import { defineTool, toolError, type ToolDefinition } from './tool-router.js';

const CandidateSchema = z.object({
  file: z.string(),
  symbol: z.string(),
  kind: z.string(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  score: z.number().describe('Structural similarity 0..1: 1 is the same code up to names, literals, types and layout.'),
  semanticScore: z.number().optional().describe('Semantic similarity 0..1, with a neural embedder configured.'),
  snippet: z.string(),
  snippetTruncated: z.boolean(),
});

const SearchInputSchema = z
  .object({
    code: z.string().trim().min(1).optional().describe('Source of a function or class: one you are about to write, or a sketch of it.'),
    description: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('What the code does, in words. Needs a semantic embedder (index.semantic); otherwise pass code.'),
    language: z.enum(LANGUAGE_IDS).default('typescript'),
    limit: z.number().int().min(1).max(20).default(5),
  })
  .refine((input) => (input.code === undefined) !== (input.description === undefined), 'give exactly one of code or description');

const SearchOutputSchema = z.object({ candidates: z.array(CandidateSchema) });

/** index_status takes no arguments. */
const NoArguments = z.object({});

const IndexStatusSchema = z.object({
  enabled: z.boolean(),
  files: z.number().int().optional(),
  chunks: z.number().int().optional(),
  embedder: z.string().optional(),
  semantic: z.object({ embedder: z.string(), dimensions: z.number().int(), vectors: z.number().int() }).optional(),
  lastUpdated: z.string().optional().describe('When this server last brought the index up to date (ISO 8601); absent before its first review or search.'),
  notices: z.array(z.string()).optional(),
});

export function searchSimilarCodeTool(service: () => Promise<ReviewService>): ToolDefinition {
  return defineTool({
    name: 'search_similar_code',
    title: 'Search for similar existing code',
    description:
      'Before you write a helper, check whether the repository already has it: pass the code you are about to ' +
      'write (or, with a semantic embedder configured, a description) and get the most similar existing functions ' +
      'and classes with file, lines, a similarity score and a snippet. Reuse a candidate with score >= 0.8 instead of writing another variant.',
    inputSchema: SearchInputSchema,
    outputSchema: SearchOutputSchema,
    // It brings the index cache under .review-guard/ up to date first; the user's files are never changed.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async (input) => {
      const reviewer = await service();
      const { index } = reviewer.loaded.config;
      if (!index.enabled) return toolError('the similarity index is disabled (index.enabled is false in review-guard.config.json)');
      if (input.description !== undefined && !index.semantic) {
        return toolError('searching by description needs a semantic embedder (index.semantic in review-guard.config.json); pass code instead');
      }
      const found = await reviewer.searchSimilar({ code: input.code ?? input.description ?? '', language: input.language, limit: input.limit });
      const candidates = found.map(({ id: _id, ...candidate }) => candidate);
      const text = candidates.length
        ? candidates.map((c) => `${c.file}:${c.startLine}-${c.endLine} ${c.symbol} (score ${c.score})`).join('\n')
        : 'No similar code in the index.';
      return { content: [{ type: 'text', text }], structuredContent: { candidates } };
    },
  });
}

export function indexStatusTool(service: () => Promise<ReviewService>): ToolDefinition {
  return defineTool({
    name: 'index_status',
    title: 'Similarity index status',
    description: 'How many files and code chunks the similarity index holds, which embedders it uses and when it was last brought up to date.',
    inputSchema: NoArguments,
    outputSchema: IndexStatusSchema,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async () => {
      const status = await (await service()).indexStatus();
      const structured = status
        ? {
            enabled: true,
            files: status.files,
            chunks: status.chunks,
            embedder: status.embedder,
            ...(status.semantic ? { semantic: status.semantic } : {}),
            ...(status.lastUpdated ? { lastUpdated: status.lastUpdated } : {}),
            notices: [...status.notices],
          }
        : { enabled: false };
      const text = status
        ? `${status.files} file(s), ${status.chunks} chunk(s), embedder ${status.embedder}${status.semantic ? ` + ${status.semantic.embedder}` : ''}; last updated ${status.lastUpdated ?? 'not yet by this server'}`
        : 'The similarity index is disabled (index.enabled is false).';
      return { content: [{ type: 'text', text }], structuredContent: structured };
    },
  });
}

const RefreshInputSchema = z.object({ rebuild: z.boolean().default(false).describe('Drop the index and build it again from scratch.') });

const RefreshOutputSchema = z.object({
  indexed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  files: z.number().int(),
  chunks: z.number().int(),
  durationMs: z.number().int(),
});

export function refreshIndexTool(deps: { readonly service: () => Promise<ReviewService>; readonly tasks?: TaskManager }): ToolDefinition {
  return defineTool({
    name: 'refresh_index',
    title: 'Refresh the similarity index',
    description:
      'Bring the similarity index up to date with the workspace (only changed files are re-indexed), or rebuild it. ' +
      'Reviews and searches refresh it themselves; call this after large changes such as a branch switch.',
    inputSchema: RefreshInputSchema,
    outputSchema: RefreshOutputSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async ({ rebuild }, ctx) => {
      const service = await deps.service();
      const { index, mcp } = service.loaded.config;
      if (!index.enabled) return toolError('the similarity index is disabled (index.enabled is false in review-guard.config.json)');
      if (!deps.tasks || !declaresTasks(ctx)) {
        const notify = progressNotifier(ctx);
        return refresh(service, rebuild, (done, total) => notify?.(indexingStep(done, total)));
      }
      return deps.tasks.start('starting: a refresh walks the whole workspace, so it runs as a task', taskSettingsOf(mcp), async (task) => {
        const result = await refresh(service, rebuild, (done, total) => task.report(indexingStep(done, total).message));
        const stats = result.structuredContent as z.infer<typeof RefreshOutputSchema>;
        return { result, summary: `completed: ${stats.files} files, ${stats.chunks} chunks` };
      });
    },
  });
}

async function refresh(service: ReviewService, rebuild: boolean, onProgress: (done: number, total: number) => void): Promise<CallToolResult> {
  const started = Date.now();
  const stats = { ...(await service.updateIndex({ rebuild, onProgress })), durationMs: Date.now() - started };
  const text = `${rebuild ? 'Rebuilt' : 'Refreshed'} the index: ${stats.files} files, ${stats.chunks} chunks (${stats.indexed} re-indexed, ${stats.removed} removed, ${stats.unchanged} unchanged) in ${stats.durationMs} ms.`;
  return { content: [{ type: 'text', text }], structuredContent: stats };
}

/** Where the walk is, as a notification and as a task's status message say it. */
function indexingStep(done: number, total: number): ProgressStep {
  return { progress: done, total, message: `indexing ${done}/${total} files` };
}
