/**
 * @fileoverview The reviewer model's only tool, `search_similar_code`, and
 * how its calls are executed. Small models call it badly (unknown names,
 * arguments as a JSON string, the same search again and again), so every
 * mistake gets a short corrective tool message instead of an error.
 */
import { z } from 'zod';
import type { ToolCall, ToolSpec } from '../../../models/llm-client.js';

/** Existing code the index proposes as possibly equivalent. */
export interface AgentCandidate {
  /** Stable id of the indexed chunk. */
  readonly id: string;
  /** Workspace-relative path. */
  readonly file: string;
  readonly symbol: string;
  readonly startLine: number;
  readonly endLine: number;
  /** Similarity in [0, 1]; higher is more similar. */
  readonly score: number;
  readonly snippet: string;
  /** The snippet is cut short of the candidate's full source. */
  readonly snippetTruncated: boolean;
}

/** The port to the similarity index; the pipeline adapts the indexer to it. */
export interface CandidateSource {
  search(code: string, limit: number): Promise<readonly AgentCandidate[]>;
}

export const SEARCH_TOOL_NAME = 'search_similar_code';
export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 10;

/** The tool as offered to the model; the wording is aimed at small models. */
export const SEARCH_TOOL: ToolSpec = {
  name: SEARCH_TOOL_NAME,
  description:
    'Find existing code in the repository that is similar to a piece of code. ' +
    'Pass the complete source of ONE function or class from the file under review. ' +
    'Returns candidates with id, file:lines, symbol name, similarity score (0-1) and a snippet. ' +
    'Call it once per new function.',
  parameters: {
    type: 'object',
    properties: {
      code: { type: 'string', description: 'Complete source code of one function or class from the file under review.' },
      limit: { type: 'integer', description: `How many candidates to return (1-${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}).` },
    },
    required: ['code'],
  },
};

const USAGE = `${SEARCH_TOOL_NAME} takes {"code": "<source of one function>", "limit": 5}`;

const SearchArgsSchema = z.object({
  code: z.string().trim().min(1, 'code must be the non-empty source of a function'),
  // Text-form tool calls carry every value as a string.
  limit: z
    .union([z.number().int(), z.string().regex(/^\s*\d+\s*$/).transform(Number)])
    .nullish(),
});

/** What one tool call produced: the tool message and the candidates it showed. */
export interface ToolOutcome {
  readonly toolName: string;
  readonly content: string;
  readonly candidates: readonly AgentCandidate[];
}

/** Executes tool calls for one review run; remembers searches to stop loops. */
export class SearchToolRunner {
  private readonly searched = new Set<string>();

  constructor(private readonly source: CandidateSource) {}

  /** Never throws for a bad call; a failing index is reported to the model as text. */
  async execute(call: ToolCall): Promise<ToolOutcome> {
    const toolName = call.function.name;
    const reply = (content: string): ToolOutcome => ({ toolName, content, candidates: [] });
    if (toolName !== SEARCH_TOOL_NAME) {
      return reply(`Unknown tool "${toolName}". The only tool is ${USAGE}. Call it, or give your final JSON answer.`);
    }
    const args = parseArguments(call.function.arguments);
    if (typeof args === 'string') return reply(`Invalid arguments: ${args}. ${USAGE}.`);
    const key = args.code.replace(/\s+/g, ' ');
    if (this.searched.has(key)) {
      return reply('You already searched this code; the results are above. Do not search it again: answer now with the final JSON.');
    }
    this.searched.add(key);
    const limit = Math.min(Math.max(args.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_LIMIT);
    let candidates: readonly AgentCandidate[];
    try {
      candidates = await this.source.search(args.code, limit);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return reply(`The search failed (${detail}). Judge the code without it and answer with the final JSON.`);
    }
    return { toolName, content: formatCandidates(candidates), candidates };
  }
}

/** The arguments object, or a short description of what is wrong with it. */
function parseArguments(raw: Record<string, unknown> | string): z.infer<typeof SearchArgsSchema> | string {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return 'arguments must be a JSON object, not plain text';
    }
  }
  const parsed = SearchArgsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
}

/** Compact text: one header line per candidate, then its snippet. */
export function formatCandidates(candidates: readonly AgentCandidate[]): string {
  if (candidates.length === 0) return 'No similar code found.';
  const blocks = candidates.map((c) => {
    const header = `candidate ${c.id}: ${c.file}:${c.startLine}-${c.endLine} symbol ${c.symbol} score ${c.score.toFixed(2)}`;
    return `${header}\n${c.snippet.trimEnd()}${c.snippetTruncated ? '\n… (snippet truncated)' : ''}`;
  });
  const intro =
    `${candidates.length} similar candidate${candidates.length === 1 ? '' : 's'}. ` +
    'A high score is not proof: report a duplicate only if the code really does the same thing.';
  return [intro, ...blocks].join('\n---\n');
}
