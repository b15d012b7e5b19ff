/**
 * @fileoverview The reviewer model's two tools as offered to it, and the zod
 * schemas their arguments must pass. Wording and shapes are aimed at small
 * models: few parameters, an id that the next call needs, usage in one line
 * for corrective messages.
 */
import { z } from 'zod';
import type { ToolSpec } from '../../../../models/llm-client.js';

export const SEARCH_TOOL_NAME = 'search_similar_code';
export const READ_TOOL_NAME = 'read_code';
export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 10;

const SEARCH_TOOL: ToolSpec = {
  name: SEARCH_TOOL_NAME,
  description:
    'Find existing code in the repository that is similar to one function or class of the file under review. ' +
    'Pass either "symbol" (its name in the file under review) or "code" (its complete source). ' +
    'Returns candidates with id, file:lines, symbol, similarity score (0-1) and a snippet that says when it is truncated. ' +
    'Call it once per new function.',
  parameters: {
    type: 'object',
    properties: {
      symbol: { type: 'string', description: 'Name of a function, method or class in the file under review.' },
      code: { type: 'string', description: 'Complete source code of one function or class from the file under review.' },
      limit: { type: 'integer', description: `How many candidates to return (1-${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}).` },
    },
  },
};

const READ_TOOL: ToolSpec = {
  name: READ_TOOL_NAME,
  description:
    'Read the full source of one candidate shown to you, by its id (e.g. "c3"), when the snippet is not enough to judge it.',
  parameters: {
    type: 'object',
    properties: { id: { type: 'string', description: 'The candidate id a listing showed, e.g. "c3".' } },
    required: ['id'],
  },
};

/** Every tool, in the order they are offered. */
export const AGENT_TOOLS: readonly ToolSpec[] = [SEARCH_TOOL, READ_TOOL];

/** One-line usage per tool, for corrective tool messages. */
export const TOOL_USAGE: Readonly<Record<string, string>> = {
  [SEARCH_TOOL_NAME]: `${SEARCH_TOOL_NAME} takes {"symbol": "<function name>"} or {"code": "<source of one function>"}, and optionally "limit": 5`,
  [READ_TOOL_NAME]: `${READ_TOOL_NAME} takes {"id": "<candidate id a listing showed, e.g. c3>"}`,
};

// Text-form tool calls carry every value as a string, so "3" is read as 3.
const LimitSchema = z.union([z.number().int(), z.string().regex(/^\s*\d+\s*$/).transform(Number)]).nullish();

// `nullish`: small models send `"code": null` next to the one they mean.
export const SearchArgsSchema = z
  .object({
    symbol: z.string().trim().min(1, 'symbol must be a name').nullish(),
    code: z.string().trim().min(1, 'code must be the non-empty source of a function').nullish(),
    limit: LimitSchema,
  })
  .refine((args) => Boolean(args.symbol ?? args.code), {
    message: 'give "symbol" (a name in the file under review) or "code" (the source of one function)',
  });

export const ReadArgsSchema = z.object({
  id: z.union([z.string().trim().min(1), z.number().transform(String)], 'id must be a candidate id from a search result'),
});

export type SearchArgs = z.infer<typeof SearchArgsSchema>;
