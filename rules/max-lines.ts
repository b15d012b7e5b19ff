/**
 * @fileoverview The max-lines rule: a file holds at most `max` lines of
 * code. Blank and comment-only lines do not count (the kernel classifies
 * lines as ESLint's max-lines does with skipBlankLines and skipComments);
 * optionally import statements and type-only declarations do not either.
 */
import { z } from 'zod';
import type { SourceFile, SyntaxNode } from '../syntax/index.js';
import { defineRule } from './define-rule.js';

const IMPORT_TYPES: ReadonlySet<string> = new Set(['import_statement', 'import_alias']);
// Declarations that only describe shapes: no code runs for them.
const TYPE_DECLARATION_TYPES: ReadonlySet<string> = new Set(['interface_declaration', 'type_alias_declaration', 'ambient_declaration']);

/** Flags files with more than `max` code lines. */
export const maxLines = defineRule({
  meta: {
    id: 'max-lines',
    kind: 'deterministic',
    description: 'A file has at most `max` lines of code (blank and comment-only lines excluded)',
    defaultSeverity: 'error',
    options: z.strictObject({
      max: z.number().int().min(1).default(250).describe('Code lines allowed per file'),
      skipImports: z.boolean().default(false).describe('Do not count the lines of import statements'),
      skipTypeDeclarations: z
        .boolean()
        .default(false)
        .describe('Do not count the lines of type-only declarations (interfaces, type aliases, `declare`, `import type`, `export type {…}`)'),
    }),
    messages: {
      tooMany: '{{count}} code lines (limit {{max}}): split the file along a seam',
    },
  },
  check({ file, options: { max, skipImports, skipTypeDeclarations } }) {
    const skipping = skipImports || skipTypeDeclarations;
    const counted = skipping ? countedRows(file, skipImports, skipTypeDeclarations) : file.codeLines;
    let count = skipping ? 0 : file.codeLineCount;
    if (skipping) for (const flag of counted) count += flag;
    if (count <= max) return [];
    // The whole file is the subject: its fingerprint must not move with line 251.
    const line = nthCodeLine(counted, max + 1);
    return [{ messageId: 'tooMany', data: { count, max }, line, anchor: 'file' }];
  },
});

/** Whether a top-level statement is a type-only declaration (`export`ed or not). */
function isTypeOnly(statement: SyntaxNode): boolean {
  if (TYPE_DECLARATION_TYPES.has(statement.type)) return true;
  // `import type {…}` and `export type {…}`: the `type` keyword follows the first one.
  if (statement.type === 'import_statement' || statement.type === 'export_statement') {
    if (statement.child(1)?.type === 'type') return true;
  }
  if (statement.type !== 'export_statement') return false;
  const declaration = statement.childForFieldName('declaration');
  return declaration !== null && TYPE_DECLARATION_TYPES.has(declaration.type);
}

/** The code-line flags with the rows of skipped top-level statements cleared. */
function countedRows(file: SourceFile, skipImports: boolean, skipTypeDeclarations: boolean): Uint8Array {
  const counted = Uint8Array.from(file.codeLines);
  for (const statement of file.root.namedChildren) {
    const skip = (skipImports && IMPORT_TYPES.has(statement.type)) || (skipTypeDeclarations && isTypeOnly(statement));
    if (!skip) continue;
    counted.fill(0, statement.startPosition.row, statement.endPosition.row + 1);
  }
  return counted;
}

/** The 1-based line of the `n`th counted line, where the file got too long. */
function nthCodeLine(counted: Uint8Array, n: number): number {
  let seen = 0;
  for (let row = 0; row < counted.length; row++) {
    seen += counted[row]!;
    if (seen === n) return row + 1;
  }
  throw new Error(`file has fewer than ${n} code lines`);
}
