/**
 * @fileoverview The `review_code` tool: validate the arguments, call the
 * review service, return findings as structured content. Findings are a
 * result (`isError: false`); only a review that could not run is an error.
 */
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import {
  ReviewRequestSchema,
  ReviewResultSchema,
  UserError,
  type ReviewResult,
  type ReviewService,
} from '../pipeline/index.js';
import { formatText } from '../report/text.js';

export const REVIEW_TOOL_DESCRIPTION =
  'Review changed source files before you move on: checks the house rules (code lines per file, ' +
  'naming conventions) and searches the repository for existing code that the change duplicates, ' +
  'so you can call the existing function instead of writing another variant. Call it after every ' +
  'change to source files and before committing, with the paths you changed; fix every finding of ' +
  'severity "error". Returns findings {file, line, rule, severity, message, related, suggestion} ' +
  'and a per-file summary. Runs locally; code never leaves the machine.';

/** Registers `review_code` on `server`; `service` may reject with a config error. */
export function registerReviewTool(server: McpServer, service: () => Promise<ReviewService>): void {
  server.registerTool(
    'review_code',
    {
      title: 'Review changed code',
      description: REVIEW_TOOL_DESCRIPTION,
      inputSchema: ReviewRequestSchema,
      outputSchema: ReviewResultSchema,
      // It writes only its own index cache under .review-guard/; the user's files are never changed.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args, ctx): Promise<CallToolResult> => {
      try {
        const result = await (await service()).review(args, { signal: ctx.mcpReq.signal });
        return toToolResult(result);
      } catch (error) {
        if (error instanceof UserError) return errorResult(error.message);
        throw error;
      }
    },
  );
}

function toToolResult(result: ReviewResult): CallToolResult {
  const files = result.summary.files;
  // Nothing could be read at all: that is a failed call, not an empty review.
  const nothingReviewed = files.length > 0 && files.every((f) => f.status === 'error');
  return {
    content: [{ type: 'text', text: formatText(result) }],
    structuredContent: result,
    isError: nothingReviewed,
  };
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
