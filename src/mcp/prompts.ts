/**
 * @fileoverview The `review-changes` prompt: walks an agent through
 * reviewing its uncommitted changes with review_code and acting on it.
 * Served on the low-level server with params checked at the edge (as
 * resources.ts): a wrong argument type is -32602 naming the argument, not
 * the SDK's -32603 schema dump.
 */
import { z } from 'zod';
import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type McpServer, type Prompt } from '@modelcontextprotocol/server';
import { SOURCE_EXTENSIONS } from '../../syntax/index.js';
import { ListParams } from './list-params.js';

const PROMPT_NAME = 'review-changes';
const BASE_DESCRIPTION = 'Git revision to compare with (default: HEAD, i.e. uncommitted changes).';

const ReviewChangesArgs = z.strictObject(
  { base: z.string({ error: 'expected a git revision string such as "main"' }).trim().min(1, 'expected a git revision, got an empty string').optional() },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown argument(s) ${issue.keys.join(', ')}: ${PROMPT_NAME} takes only "base"` : undefined) },
);
const GetParams = z.looseObject({
  name: z.string({ error: `expected a prompt name string such as "${PROMPT_NAME}"` }),
  arguments: z.record(z.string(), z.unknown(), { error: 'expected an object of named string arguments' }).optional(),
});

const LISTED: Prompt = {
  name: PROMPT_NAME,
  title: 'Review my changes',
  description: 'Review the uncommitted changes (or those since a revision) with review_code and fix what it finds.',
  arguments: [{ name: 'base', description: BASE_DESCRIPTION, required: false }],
};

export function registerPrompts(mcp: McpServer): void {
  mcp.server.setRequestHandler('prompts/list', { params: ListParams }, () => ({ prompts: [LISTED] }));
  mcp.server.setRequestHandler('prompts/get', { params: GetParams }, (params) => {
    if (params.name !== PROMPT_NAME) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${params.name} not found: the one prompt is ${PROMPT_NAME}`);
    const args = ReviewChangesArgs.safeParse(params.arguments ?? {});
    if (!args.success) {
      const issue = args.error.issues[0];
      const where = issue?.path.length ? `argument ${issue.path.join('.')}: ` : '';
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${PROMPT_NAME}: ${where}${issue?.message ?? 'invalid'}`);
    }
    return reviewChanges(args.data.base ?? 'HEAD');
  });
}

function reviewChanges(base: string): GetPromptResult {
  const text = [
    `Review the source files I changed since ${base} before we move on:`,
    `1. List them: \`git diff --name-only ${base}\` plus untracked files from \`git status --porcelain\`; keep the ${SOURCE_EXTENSIONS.join(', ')} files.`,
    '2. Call the review_code tool with those paths (all of them in one call).',
    '3. Fix every finding of severity "error". For a duplicate, call or import the existing code it names instead of keeping the copy.',
    '4. Fix warnings when the fix is small and safe; otherwise say why you leave them.',
    '5. Call review_code again on the files you changed until no error remains, then summarise what you changed.',
    'Before writing a new helper, call search_similar_code with its code to check whether it already exists.',
  ].join('\n');
  return { description: LISTED.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
