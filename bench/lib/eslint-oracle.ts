/**
 * @fileoverview ESLint as a reference linter, in process: its `max-lines`
 * (skipComments, skipBlankLines, max 0 so it always reports the count) and,
 * optionally, typescript-eslint's `naming-convention`, on one file at a time
 * with the typescript-eslint parser. Used by the oracle comparison, the rules
 * benchmark and the oracle tests; never by the product.
 */
import { Linter } from 'eslint';
import tsPlugin from '@typescript-eslint/eslint-plugin';
import tsParser from '@typescript-eslint/parser';

/** One message ESLint reported, with the rule that reported it. */
export interface EslintMessage {
  readonly ruleId: string | null;
  readonly messageId: string | undefined;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly fatal: boolean;
}

/** What to run: max-lines always; naming-convention when its options are given. */
export interface OracleRules {
  /** typescript-eslint naming-convention options (the array after the severity). */
  readonly namingConvention?: readonly unknown[];
}

const MAX_LINES_OPTIONS = { skipComments: true, skipBlankLines: true };
const COUNT = /too many lines \((\d+)\)/;

/**
 * The flat config both ways of running ESLint use (the in-process `Linter`
 * here, and an `eslint.config.mjs` that imports this module for ESLint's
 * worker threads): the typescript-eslint parser for every file, `max-lines`
 * with `maxLines` (skipComments, skipBlankLines), naming-convention when given.
 */
export function eslintFlatConfig(rules: OracleRules = {}, maxLines = 0): Linter.Config[] {
  const ruleSettings: Linter.RulesRecord = { 'max-lines': ['error', { ...MAX_LINES_OPTIONS, max: maxLines }] };
  if (rules.namingConvention) ruleSettings['@typescript-eslint/naming-convention'] = ['error', ...rules.namingConvention];
  return [
    {
      // A universal pattern like `**/*` matches nothing on its own in flat config; name the extensions.
      files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
      // The parser picks JSX by file extension for known extensions (.tsx, .js, .jsx).
      // `/* eslint-disable */` in a corpus file must not hide the count.
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
      languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module', ecmaVersion: 'latest' },
      plugins: { '@typescript-eslint': tsPlugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
      rules: ruleSettings,
    },
  ];
}

/** An ESLint `Linter` set up with the typescript-eslint parser for every file. */
export class EslintOracle {
  private readonly linter = new Linter({ configType: 'flat' });
  private readonly config: Linter.Config[];

  constructor(rules: OracleRules = {}) {
    this.config = eslintFlatConfig(rules);
  }

  /** Every message for `text` linted as `filename`. */
  lint(filename: string, text: string): EslintMessage[] {
    return this.linter.verify(text, this.config, { filename }).map((m) => ({
      ruleId: m.ruleId,
      messageId: m.messageId,
      line: m.line,
      column: m.column,
      message: m.message,
      fatal: m.fatal === true,
    }));
  }

  /**
   * ESLint's code-line count of a file, or an error message when ESLint
   * could not parse it. A file with no code lines gets no report: 0.
   */
  static countFrom(messages: readonly EslintMessage[]): number | { error: string } {
    const fatal = messages.find((m) => m.fatal);
    if (fatal) return { error: fatal.message };
    const report = messages.find((m) => m.ruleId === 'max-lines');
    if (!report) return 0;
    const match = COUNT.exec(report.message);
    if (!match) throw new Error(`unexpected max-lines message: ${report.message}`);
    return Number(match[1]);
  }

  /**
   * The 1-based lines ESLint's max-lines counts in the file last linted,
   * by its own algorithm over its own tokens and comments: a diagnostic for
   * where a difference lies (the count itself comes from the rule's report).
   */
  countedLines(): number[] {
    const source = this.linter.getSourceCode();
    if (!source) throw new Error('countedLines() needs a file linted first');
    const lines = source.lines.map((text, i) => ({ line: i + 1, text }));
    if (lines.length > 1 && lines.at(-1)!.text === '') lines.pop();
    const commentOnly = new Set<number>();
    for (const comment of source.getAllComments()) {
      let start = comment.loc!.start.line;
      let end = comment.loc!.end.line;
      const before = source.getTokenBefore(comment, { includeComments: false });
      const after = source.getTokenAfter(comment, { includeComments: false });
      if (before && before.loc.end.line === start) start++;
      if (after && after.loc.start.line === end) end--;
      for (let line = start; line <= end; line++) commentOnly.add(line);
    }
    return lines.filter((l) => l.text.trim() !== '' && !commentOnly.has(l.line)).map((l) => l.line);
  }

  /** ESLint's code-line count of `text` (see `countFrom`). */
  codeLines(filename: string, text: string): number | { error: string } {
    return EslintOracle.countFrom(this.lint(filename, text));
  }
}
