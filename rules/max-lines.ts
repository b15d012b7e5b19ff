/**
 * @fileoverview The max-lines rule: a file holds at most `max` lines of
 * code. Blank and comment-only lines do not count (the kernel classifies
 * lines as ESLint's max-lines does with skipBlankLines and skipComments).
 */
import { z } from 'zod';
import type { SourceFile } from '../syntax/index.js';
import { defineRule } from './define-rule.js';

/** Flags files with more than `max` code lines. */
export const maxLines = defineRule({
  meta: {
    id: 'max-lines',
    kind: 'deterministic',
    description: 'A file has at most `max` lines of code (blank and comment-only lines excluded)',
    defaultSeverity: 'error',
    options: z.strictObject({ max: z.number().int().min(1).default(250) }),
    messages: {
      tooMany: '{{count}} code lines (limit {{max}}): split the file along a seam',
    },
  },
  check({ file, options: { max } }) {
    if (file.codeLineCount <= max) return [];
    // The whole file is the subject: its fingerprint must not move with line 251.
    const line = nthCodeLine(file, max + 1);
    return [{ messageId: 'tooMany', data: { count: file.codeLineCount, max }, line, anchor: 'file' }];
  },
});

/** The 1-based line of the `n`th code line, where the file got too long. */
function nthCodeLine(file: SourceFile, n: number): number {
  let seen = 0;
  for (let row = 0; row < file.codeLines.length; row++) {
    seen += file.codeLines[row]!;
    if (seen === n) return row + 1;
  }
  throw new Error(`file has fewer than ${n} code lines`);
}
