/**
 * @fileoverview The `review-changes` prompt: walks an agent through
 * reviewing its uncommitted changes with review_code and acting on it.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import { SOURCE_EXTENSIONS } from '../../syntax/index.js';

const ReviewChangesArgs = z.object({
  base: z.string().trim().min(1).optional().describe('Git revision to compare with (default: HEAD, i.e. uncommitted changes).'),
});

export function registerPrompts(mcp: McpServer): void {
  mcp.registerPrompt(
    'review-changes',
    {
      title: 'Review my changes',
      description: 'Review the uncommitted changes (or those since a revision) with review_code and fix what it finds.',
      argsSchema: ReviewChangesArgs,
    },
    (args) => {
      const base = args.base ?? 'HEAD';
      const text = [
        `Review the source files I changed since ${base} before we move on:`,
        `1. List them: \`git diff --name-only ${base}\` plus untracked files from \`git status --porcelain\`; keep the ${SOURCE_EXTENSIONS.join(', ')} files.`,
        '2. Call the review_code tool with those paths (all of them in one call).',
        '3. Fix every finding of severity "error". For a duplicate, call or import the existing code it names instead of keeping the copy.',
        '4. Fix warnings when the fix is small and safe; otherwise say why you leave them.',
        '5. Call review_code again on the files you changed until no error remains, then summarise what you changed.',
        'Before writing a new helper, call search_similar_code with its code to check whether it already exists.',
      ].join('\n');
      return { messages: [{ role: 'user', content: { type: 'text', text } }] };
    },
  );
}
